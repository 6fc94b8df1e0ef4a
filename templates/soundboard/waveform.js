// A waveform drawn from an item's `peaks` (base64 of 256 bytes, each the peak of 1/256 of the
// file, 0-255) as an inline SVG: mirrored bars around the middle line.

const svgNS = "http://www.w3.org/2000/svg";

/// The 256 peaks as numbers 0…1, or null when `peaks` is missing or not 256 bytes of base64.
export function decodePeaks(peaks) {
  if (typeof peaks !== "string" || peaks.length === 0) return null;
  let bytes;
  try {
    bytes = atob(peaks);
  } catch (error) {
    return null;
  }
  if (bytes.length !== 256) return null;
  return Array.from(bytes, (char) => char.charCodeAt(0) / 255);
}

/// An <svg class="wave"> of `peaks`, `bars` wide (each bar the largest of its share of the 256
/// peaks); null when the item has no peaks.
export function waveform(peaks, { bars = 64, label = "" } = {}) {
  const values = decodePeaks(peaks);
  if (!values) return null;
  const svg = document.createElementNS(svgNS, "svg");
  svg.setAttribute("class", "wave");
  svg.setAttribute("viewBox", `0 0 ${bars} 32`);
  svg.setAttribute("preserveAspectRatio", "none");
  if (label) {
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label);
  } else svg.setAttribute("aria-hidden", "true");
  const per = values.length / bars;
  let path = "";
  for (let bar = 0; bar < bars; bar += 1) {
    const slice = values.slice(Math.floor(bar * per), Math.floor((bar + 1) * per));
    const height = Math.max(0.5, Math.max(...slice) * 15);
    path += `M${bar + 0.5} ${(16 - height).toFixed(2)}V${(16 + height).toFixed(2)}`;
  }
  const line = document.createElementNS(svgNS, "path");
  line.setAttribute("d", path);
  svg.append(line);
  svg.dataset.bars = String(bars);
  return svg;
}
