// The library's facet chips: a group per dimension holding every value the open kind has, each in
// its place for good (a value nothing matches any more stays, disabled, so the chip under the
// pointer never changes); counts that include the search (/api/facets with `q`); one tab stop per group, the arrow keys
// moving between its chips (a roving tabindex).
import { el } from "./dom.js";
import { api } from "./api.js";
import { installedOnly, scoped } from "./installed-only.js";

export const dimensions = [
  { key: "locations", param: "location", label: "Location" },
  { key: "moods", param: "mood", label: "Mood" },
  { key: "themes", param: "theme", label: "Theme" },
  { key: "creatureTypes", param: "creatureType", label: "Creature type" },
];

// The query of a list: the kind, each dimension's chosen ids (all but `except`), "installed only"
// when chosen, and `extra`.
export function filterParams(kind, selected, except, extra) {
  const result = { kind };
  for (const dimension of dimensions) {
    if (dimension.key === except) continue;
    const ids = [...selected[dimension.key].keys()];
    if (ids.length) result[dimension.param] = ids;
  }
  return Object.assign(scoped(result), extra);
}

// Each chip's count (dimension key → Map(id → count)), OR within a dimension and AND across, of the
// items the search matches (/api/facets with `q`): exactly what a click on the chip would list.
export async function facetCounts(kind, selected, query, base) {
  const counts = {};
  for (const dimension of dimensions) counts[dimension.key] = new Map();
  const none = !query && !installedOnly() && dimensions.every((dimension) => selected[dimension.key].size === 0);
  const document_ =
    none && base ? base : await api.facets(filterParams(kind, selected, null, query ? { q: query } : {}));
  for (const dimension of dimensions) {
    for (const value of (document_.facets || {})[dimension.key] || []) {
      counts[dimension.key].set(String(value.id), value.count);
    }
  }
  return counts;
}

const itemWords = (count) => `${count} ${count === 1 ? "item" : "items"}`;

// Draws the chips: `base` (the kind's facets, no filter) gives the values and their order.
export function renderChips(box, base, counts, selected, onToggle) {
  const had = box.contains(document.activeElement) ? document.activeElement : null;
  const focusKey = had && had.classList.contains("chip") ? `${had.dataset.dimension}/${had.dataset.id}` : null;
  box.replaceChildren();
  for (const dimension of dimensions) {
    const values = (((base && base.facets) || {})[dimension.key] || []).slice();
    const chosen = selected[dimension.key];
    if (!values.length && !chosen.size) continue; // a dimension this kind does not use
    for (const [id, name] of chosen) {
      if (!values.some((value) => String(value.id) === id)) values.push({ id, name });
    }
    const chips = el("div", { class: "chips" });
    for (const value of values) {
      const id = String(value.id);
      const on = chosen.has(id);
      const count = counts[dimension.key].get(id) || 0;
      chips.append(
        el(
          "button",
          {
            type: "button",
            class: `chip${on ? " on" : ""}`,
            "aria-pressed": String(on),
            "aria-label": `${value.name}, ${itemWords(count)}`,
            disabled: count === 0 && !on,
            tabindex: "-1",
            "data-dimension": dimension.key,
            "data-value": value.name,
            "data-id": id,
            onclick: () => onToggle(dimension.key, id, value.name),
          },
          el("span", { class: "chip-name", text: value.name }),
          el("span", { class: "count", text: String(count), "aria-hidden": "true" }),
        ),
      );
    }
    const stop = chips.querySelector(".chip.on") || chips.querySelector(".chip:not(:disabled)");
    if (stop) stop.tabIndex = 0;
    box.append(
      el("fieldset", { class: "facet", "data-facet": dimension.key }, el("legend", { text: dimension.label }), chips),
    );
  }
  if (focusKey) {
    const [key, id] = focusKey.split("/");
    const chip = box.querySelector(`.chip[data-dimension="${key}"][data-id="${CSS.escape(id)}"]`);
    if (chip && !chip.disabled) moveStop(chip);
    else {
      const stop =
        box.querySelector(`[data-facet="${key}"] .chip[tabindex="0"]`) || box.querySelector('.chip[tabindex="0"]');
      (stop || document.getElementById("search")).focus();
    }
  }
}

function moveStop(chip) {
  for (const other of chip.parentElement.querySelectorAll(".chip")) other.tabIndex = other === chip ? 0 : -1;
  chip.focus();
}

// Arrow keys, Home and End move between a group's enabled chips; a chip focused by a click becomes
// its group's tab stop.
export function initChipKeys(box) {
  box.addEventListener("keydown", (event) => {
    const chip = event.target.closest && event.target.closest(".chip");
    if (!chip) return;
    const all = [...chip.parentElement.querySelectorAll(".chip:not(:disabled)")];
    const index = all.indexOf(chip);
    let next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowDown") next = all[(index + 1) % all.length];
    else if (event.key === "ArrowLeft" || event.key === "ArrowUp") next = all[(index + all.length - 1) % all.length];
    else if (event.key === "Home") next = all[0];
    else if (event.key === "End") next = all[all.length - 1];
    if (!next) return;
    event.preventDefault();
    moveStop(next);
  });
  box.addEventListener("focusin", (event) => {
    const chip = event.target.closest && event.target.closest(".chip");
    if (chip && chip.tabIndex !== 0) moveStop(chip);
  });
}
