// The now-playing bar: one row per layer with its waveform, its own volume slider, a repeat
// switch for items with an interval, and its stop button. Rows are kept while their layer plays,
// so a slider being dragged is never redrawn under the pointer.
import { el } from "./dom.js";
import * as player from "./player.js";
import { waveform } from "./waveform.js";

function row(entry) {
  const { item } = entry;
  const volume = el("input", {
    type: "range",
    min: "0",
    max: "1",
    step: "0.05",
    value: String(entry.volume),
    class: "layer-volume",
    "data-volume": item.id,
    "aria-label": `Volume of ${item.title}`,
  });
  volume.addEventListener("input", () => player.setVolume(item.id, Number(volume.value)));
  return el(
    "li",
    { "data-now": item.id },
    el("span", { class: "now-title" }),
    waveform(item.peaks, { bars: 40 }),
    volume,
    el("button", {
      type: "button",
      class: "btn icon repeat",
      "data-repeat": item.id,
      "aria-label": `Repeat ${item.title}`,
      title: "Repeat after a random wait",
      hidden: true,
      onclick: (event) =>
        player.setRepeating(item.id, event.currentTarget.getAttribute("aria-pressed") !== "true"),
      text: "↻",
    }),
    el("button", {
      type: "button",
      class: "btn icon mine",
      "data-mine": item.id,
      "aria-label": `Only I hear ${item.title}`,
      title: "Only I hear this (players do not)",
      "aria-pressed": "false",
      onclick: (event) => player.setMine(item.id, event.currentTarget.getAttribute("aria-pressed") !== "true"),
      text: "Me",
    }),
    el("button", {
      type: "button",
      class: "btn icon",
      "data-stop": item.id,
      "aria-label": `Stop ${item.title}`,
      onclick: () => player.stop(item.id),
      text: "■",
    }),
  );
}

function update(node, entry) {
  const { item } = entry;
  const loops = player.isLoopable(item);
  node.dataset.state = entry.state;
  node.dataset.loop = String(loops);
  node.querySelector(".now-title").textContent = `${loops ? "⟳ " : ""}${item.title}`;
  if (!node.querySelector(".wave") && item.peaks) {
    const wave = waveform(item.peaks, { bars: 40 });
    if (wave) node.querySelector(".now-title").after(wave);
  }
  const repeat = node.querySelector("[data-repeat]");
  repeat.hidden = !(entry.rules && entry.rules.interval);
  repeat.setAttribute("aria-pressed", String(entry.repeating));
  node.querySelector("[data-mine]").setAttribute("aria-pressed", String(Boolean(entry.mine)));
}

export function render() {
  const entries = player.entries();
  const bar = document.getElementById("now");
  const list = document.getElementById("now-list");
  bar.hidden = entries.length === 0;
  document.body.classList.toggle("has-now", entries.length > 0);
  const rows = new Map([...list.children].map((node) => [node.dataset.now, node]));
  for (const entry of entries) {
    let node = rows.get(entry.item.id);
    rows.delete(entry.item.id);
    if (!node) node = row(entry);
    list.append(node); // keeps the order of the entries (moving a node keeps its focus)
    update(node, entry);
  }
  for (const node of rows.values()) node.remove();
}
