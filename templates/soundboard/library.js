// The library: kind tabs, a search box, facet chips with disjunctive counts (OR within a
// dimension, AND across), and the matching items.
import { el } from "./dom.js";
import { api } from "./api.js";
import { items } from "./items.js";
import { fail } from "./notice.js";

export const library = (() => {
  const dimensions = [
    { key: "locations", param: "location", label: "Location" },
    { key: "moods", param: "mood", label: "Mood" },
    { key: "themes", param: "theme", label: "Theme" },
    { key: "creatureTypes", param: "creatureType", label: "Creature type" },
  ];
  const kindWords = { music: "music entries", atmosphere: "atmospheres", sfx: "sound effects" };
  const pageSize = 100;
  const state = { kind: "atmosphere", selected: {}, query: "", items: [], next: null };
  let generation = 0;
  let typing = null;

  function resetFilters() {
    state.selected = {};
    for (const dimension of dimensions) state.selected[dimension.key] = new Map(); // id → name
  }
  resetFilters();

  function params(extra) {
    const result = { kind: state.kind };
    for (const dimension of dimensions) {
      const ids = [...state.selected[dimension.key].keys()];
      if (ids.length) result[dimension.param] = ids;
    }
    return Object.assign(result, extra);
  }

  function filtered() {
    return dimensions.some((dimension) => state.selected[dimension.key].size > 0);
  }

  async function load() {
    const mine = ++generation;
    const list = document.getElementById("items");
    list.setAttribute("aria-busy", "true");
    try {
      const query = state.query.trim();
      const [page, facets] = await Promise.all([
        api.items(params({ q: query || undefined, limit: pageSize })),
        api.facets(params()),
      ]);
      if (mine !== generation) return;
      state.items = page.items;
      state.next = page.nextCursor || null;
      renderFacets(facets);
      renderItems(page.total);
    } catch (error) {
      if (mine !== generation) return;
      list.replaceChildren(el("li", { class: "empty error", text: error.message }));
      document.getElementById("summary").textContent = "";
    } finally {
      if (mine === generation) list.removeAttribute("aria-busy");
    }
  }

  async function more() {
    if (!state.next) return;
    const mine = generation;
    try {
      const query = state.query.trim();
      const page = await api.items(params({ q: query || undefined, limit: pageSize, after: state.next }));
      if (mine !== generation) return;
      state.items = state.items.concat(page.items);
      state.next = page.nextCursor || null;
      renderItems(page.total);
    } catch (error) {
      fail(error.message);
    }
  }

  function renderFacets(document_) {
    const box = document.getElementById("facets");
    box.replaceChildren();
    const facets = (document_ && document_.facets) || {};
    for (const dimension of dimensions) {
      const values = facets[dimension.key];
      if (!values) continue; // a dimension this kind may not use
      const selected = state.selected[dimension.key];
      const shown = values.slice();
      for (const [id, name] of selected) {
        if (!shown.some((value) => String(value.id) === id)) shown.push({ id, name, count: 0 });
      }
      if (shown.length === 0) continue;
      const chips = el("div", { class: "chips" });
      for (const value of shown) {
        const id = String(value.id);
        const on = selected.has(id);
        chips.append(
          el(
            "button",
            {
              type: "button",
              class: `chip${on ? " on" : ""}`,
              "aria-pressed": String(on),
              "data-dimension": dimension.key,
              "data-value": value.name,
              onclick: () => toggle(dimension.key, id, value.name),
            },
            el("span", { class: "chip-name", text: value.name }),
            el("span", { class: "count", text: String(value.count), "aria-label": `${value.count} items` }),
          ),
        );
      }
      box.append(
        el(
          "fieldset",
          { class: "facet", "data-facet": dimension.key },
          el("legend", { text: dimension.label }),
          chips,
        ),
      );
    }
    document.getElementById("clear-filters").hidden = !filtered();
    const chosen = dimensions.reduce((sum, dimension) => sum + state.selected[dimension.key].size, 0);
    document.getElementById("filter-count").textContent = chosen ? `(${chosen} chosen)` : "";
  }

  function renderItems(total) {
    const list = document.getElementById("items");
    const query = state.query.trim();
    const summary = document.getElementById("summary");
    summary.dataset.total = String(total);
    const word = kindWords[state.kind] || "items";
    summary.textContent = `${total} ${total === 1 ? word.replace(/s$/, "").replace(/ie$/, "y") : word}`;
    if (query) summary.textContent += ` matching “${query}”`;
    document.getElementById("show-results").textContent = `Show ${total} ${total === 1 ? "result" : "results"}`;
    let empty;
    if (total > 0) empty = "";
    else if (filtered() || query) {
      empty = el(
        "span",
        {},
        "Nothing matches these filters. ",
        el("button", { type: "button", class: "btn link", onclick: clear, text: "Clear filters" }),
      );
    } else {
      empty = `The library has no ${word} yet: sync a catalog with “client sync”.`;
    }
    items.fill(list, state.items, empty);
    if (state.kind !== "music" && state.items.length > 0 && state.items.every((item) => !item.available)) {
      list.prepend(
        el(
          "li",
          { class: "hint" },
          "Nothing here is installed yet — ",
          el("a", { href: "#packs", text: "install a pack" }),
          " to play these sounds.",
        ),
      );
    }
    document.getElementById("more").hidden = !state.next;
  }

  function toggle(key, id, name) {
    const selected = state.selected[key];
    if (selected.has(id)) selected.delete(id);
    else selected.set(id, name);
    load();
  }

  function clear() {
    resetFilters();
    state.query = "";
    document.getElementById("search").value = "";
    load();
  }

  function setKind(kind) {
    if (kind === state.kind) return;
    state.kind = kind;
    localStorage.setItem("soundshelf.kind", kind);
    resetFilters();
    renderTabs();
    load();
  }

  function renderTabs() {
    for (const tab of document.querySelectorAll("#kind-tabs [role=tab]")) {
      const on = tab.dataset.kind === state.kind;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
    }
  }

  function init() {
    const saved = localStorage.getItem("soundshelf.kind");
    if (saved && kindWords[saved]) state.kind = saved;
    // Filters are always open beside the list; on a phone they fold above it.
    const box = document.getElementById("filter-box");
    const wide = window.matchMedia("(min-width: 761px)");
    const fold = () => (box.open = wide.matches);
    fold();
    wide.addEventListener("change", fold);
    // On a phone the open filters cover the page; this folds them back over the results.
    document.getElementById("show-results").addEventListener("click", () => {
      box.open = false;
      document.getElementById("summary").scrollIntoView({ block: "start" });
    });
    renderTabs();
    const tabs = document.getElementById("kind-tabs");
    tabs.addEventListener("click", (event) => {
      const tab = event.target.closest("[role=tab]");
      if (tab) setKind(tab.dataset.kind);
    });
    tabs.addEventListener("keydown", (event) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      const all = [...tabs.querySelectorAll("[role=tab]")];
      const index = all.findIndex((tab) => tab.dataset.kind === state.kind);
      const next = all[(index + (event.key === "ArrowRight" ? 1 : all.length - 1)) % all.length];
      setKind(next.dataset.kind);
      next.focus();
    });
    document.getElementById("search").addEventListener("input", (event) => {
      clearTimeout(typing);
      typing = setTimeout(() => {
        state.query = event.target.value;
        load();
      }, 200);
    });
    document.getElementById("clear-filters").addEventListener("click", clear);
    document.getElementById("more").addEventListener("click", more);
  }

  return { init, load, state };
})();
