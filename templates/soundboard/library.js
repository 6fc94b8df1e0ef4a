// The library: kind tabs, a search box, facet chips with disjunctive counts (OR within a
// dimension, AND across; facets.js) that include the search, and the matching items. A search
// with nothing in the open kind says where it has matches.
import { el } from "./dom.js";
import { api } from "./api.js";
import { dimensions, facetCounts, filterParams, initChipKeys, renderChips } from "./facets.js";
import { items } from "./items.js";
import { fail } from "./notice.js";
import { initInstalledOnly, installedOnly, scoped } from "./installed-only.js";

export const library = (() => {
  const kindWords = { music: "music entries", atmosphere: "atmospheres", sfx: "sound effects" };
  const tabNames = { atmosphere: "Atmosphere", sfx: "Effects", music: "Music" };
  const pageSize = 100;
  const state = { kind: "atmosphere", selected: {}, query: "", items: [], next: null };
  let generation = 0;
  let typing = null;

  function resetFilters() {
    state.selected = {};
    for (const dimension of dimensions) state.selected[dimension.key] = new Map(); // id → name
  }
  resetFilters();

  const params = (extra) => filterParams(state.kind, state.selected, null, extra);

  function filtered() {
    return dimensions.some((dimension) => state.selected[dimension.key].size > 0);
  }

  async function load() {
    const mine = ++generation;
    const list = document.getElementById("items");
    const box = document.getElementById("facets");
    list.setAttribute("aria-busy", "true");
    box.setAttribute("aria-busy", "true");
    try {
      const query = state.query.trim();
      const kind = state.kind;
      const base = api.facets({ kind }); // every value of the kind: the chips and their order
      const [page, facets, counts, elsewhere] = await Promise.all([
        api.items(params({ q: query || undefined, limit: pageSize })),
        base,
        base.then((document_) => facetCounts(kind, state.selected, query, document_)),
        query ? matchesElsewhere(kind, query) : [],
      ]);
      if (mine !== generation) return;
      state.items = page.items;
      state.next = page.nextCursor || null;
      renderFacets(facets, counts);
      const unfiltered =
        query && page.total === 0 && filtered() ? await api.items(scoped({ kind, q: query, limit: 1 })) : null;
      if (mine !== generation) return;
      renderItems(page.total, elsewhere, unfiltered ? unfiltered.total : 0);
    } catch (error) {
      if (mine !== generation) return;
      list.replaceChildren(el("li", { class: "empty error", text: error.message }));
      document.getElementById("summary").textContent = "";
    } finally {
      if (mine === generation) {
        list.removeAttribute("aria-busy");
        box.removeAttribute("aria-busy");
      }
    }
  }

  // [{kind, total}] for the other kinds the search matches, without filters (they belong to a kind).
  async function matchesElsewhere(kind, query) {
    const others = Object.keys(kindWords).filter((other) => other !== kind);
    const pages = await Promise.all(others.map((other) => api.items(scoped({ kind: other, q: query, limit: 1 }))));
    return others.map((other, index) => ({ kind: other, total: pages[index].total })).filter((one) => one.total > 0);
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

  function renderFacets(base, counts) {
    renderChips(document.getElementById("facets"), base, counts, state.selected, toggle);
    document.getElementById("clear-filters").hidden = !filtered();
    const chosen = dimensions.reduce((sum, dimension) => sum + state.selected[dimension.key].size, 0);
    document.getElementById("filter-count").textContent = chosen ? `(${chosen} chosen)` : "";
  }

  function renderItems(total, elsewhere = [], withoutFilters = 0) {
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
    else if (query) empty = noMatch(query, word, elsewhere, withoutFilters);
    else if (installedOnly() && !filtered()) empty = `No ${word} are installed: install a pack, or show every sound.`;
    else if (filtered()) {
      empty = el(
        "span",
        {},
        "Nothing matches these filters. ",
        el("button", { type: "button", class: "btn link", onclick: clearFilters, text: "Clear filters" }),
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

  // A search with no result here: whether the filters or the search are the cause, and the kinds
  // where it has matches ("3 in Effects", which opens that tab with the search kept).
  function noMatch(query, word, elsewhere, withoutFilters) {
    const link = (text, onclick) => el("button", { type: "button", class: "btn link", onclick, text });
    const parts = [];
    if (withoutFilters > 0) {
      parts.push(`Nothing matches “${query}” with these filters (${withoutFilters} without them). `);
      parts.push(link("Clear filters", clearFilters));
      return el("span", {}, ...parts);
    }
    parts.push(`No ${word} match “${query}”${filtered() ? ", with or without filters" : ""}. `);
    if (elsewhere.length) {
      parts.push("It matches ");
      elsewhere.forEach((one, index) => {
        if (index) parts.push(index === elsewhere.length - 1 ? " and " : ", ");
        parts.push(link(`${one.total} in ${tabNames[one.kind]}`, () => openKind(one.kind)));
      });
      parts.push(". ");
    } else {
      parts.push("Nothing else in the library does either. ");
    }
    parts.push(link("Clear the search", clearSearch));
    return el("span", {}, ...parts);
  }

  function openKind(kind) {
    setKind(kind);
    const tab = document.querySelector(`#kind-tabs [data-kind="${kind}"]`);
    if (tab) tab.focus();
  }

  function clearFilters() {
    resetFilters();
    load();
  }

  function clearSearch() {
    state.query = "";
    document.getElementById("search").value = "";
    document.getElementById("search").focus();
    load();
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
    initChipKeys(document.getElementById("facets"));
    // "Skip to the sounds": to the first sound that plays, else to the list.
    document.getElementById("skip-sounds").addEventListener("click", (event) => {
      event.preventDefault();
      const target =
        document.querySelector("#items button[data-play]:not(:disabled)") ||
        document.querySelector("#items button:not(:disabled)");
      (target || document.getElementById("summary")).focus();
    });
    document.getElementById("more").addEventListener("click", more);
    initInstalledOnly(load);
  }

  return { init, load, state };
})();
