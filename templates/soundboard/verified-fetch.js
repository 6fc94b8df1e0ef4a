// A sound's bytes, from where the catalog publishes it when the listen event says so
// (docs/FORMAT.md §15.3): a relay's players fetch each file from the catalog's host (immutable, on a
// CDN) rather than from the game master's upload, and check its SHA-256 (WebCrypto) before it is
// decoded. Anything else — no published place, no WebCrypto (a page not on HTTPS or localhost),
// the host refusing or unreachable, a hash that differs — falls back to `url` (the relay, or the
// game master's server on the LAN). No DOM code.

/// How the files were had: from the catalog, from `url` instead, and how many the catalog served
/// with another hash (refused, fetched from `url`).
export const fetchCounts = { published: 0, fallback: 0, mismatched: 0 };

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

async function fromPublished(source) {
  if (!source || !source.url || !source.sha256) return null;
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) return null;
  try {
    const response = await fetch(source.url, { mode: "cors", credentials: "omit" });
    if (!response.ok) return null;
    const bytes = await response.arrayBuffer();
    if (hex(await subtle.digest("SHA-256", bytes)) === source.sha256) return bytes;
    fetchCounts.mismatched += 1;
  } catch (error) {
    // unreachable, or refused by CORS: the fallback serves it
  }
  return null;
}

/// The bytes of a sound: from `source` ({url, sha256}, where the catalog publishes it) when it is
/// there and right, else from `url`.
export async function fetchAudio(url, source) {
  const published = await fromPublished(source);
  if (published) {
    fetchCounts.published += 1;
    return published;
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  if (source && source.url) fetchCounts.fallback += 1;
  return response.arrayBuffer();
}
