// The page's frame: views by URL hash (#library, #favorites, #scenes, #charts, #packs, #credits), the
// now-playing bar, messages, and re-fetching what changed when the server sends an event.
"use strict";

SS.app = (() => {
  const { el } = SS.items;
  const views = ["library", "favorites", "scenes", "charts", "packs", "credits"];
  let view = null;
  let bannerTimer = null;

  const loaders = {
    library: () => SS.library.load(),
    favorites: () => SS.favorites.load(),
    scenes: () => SS.scenes.load(),
    charts: () => SS.charts.load(),
    packs: () => SS.packs.load(),
    credits: () => SS.credits.load(),
  };

  function show(name) {
    view = views.includes(name) ? name : "library";
    for (const section of document.querySelectorAll("section.view")) {
      section.hidden = section.dataset.view !== view;
    }
    for (const link of document.querySelectorAll("nav.views a")) {
      if (link.dataset.view === view) link.setAttribute("aria-current", "page");
      else link.removeAttribute("aria-current");
    }
    document.body.dataset.view = view;
    loaders[view]();
  }

  // What each server event changes, by view; only the view on screen is fetched again.
  const affects = {
    library: ["library", "favorites", "scenes", "packs", "credits"],
    favorites: ["favorites"],
    scenes: ["scenes"],
    plays: ["charts"],
    packs: ["packs"],
  };

  function refresh(what) {
    if ((affects[what] || []).includes(view)) loaders[view]();
  }

  function fail(message) {
    const banner = document.getElementById("banner");
    banner.replaceChildren(
      el("span", { text: message }),
      el("button", {
        type: "button",
        class: "btn icon",
        "aria-label": "Dismiss",
        onclick: () => (banner.hidden = true),
        text: "✕",
      }),
    );
    banner.hidden = false;
    clearTimeout(bannerTimer);
    bannerTimer = setTimeout(() => (banner.hidden = true), 12000);
  }

  function say(message) {
    const live = document.getElementById("live");
    live.textContent = message;
    clearTimeout(say.timer);
    say.timer = setTimeout(() => (live.textContent = ""), 5000);
  }

  function renderNowPlaying() {
    const entries = SS.player.entries();
    const bar = document.getElementById("now");
    const list = document.getElementById("now-list");
    bar.hidden = entries.length === 0;
    document.body.classList.toggle("has-now", entries.length > 0);
    list.replaceChildren();
    for (const entry of entries) {
      const { item } = entry;
      const volume = el("input", {
        type: "range",
        min: "0",
        max: "1",
        step: "0.05",
        value: String(entry.audio.volume),
        "aria-label": `Volume of ${item.title}`,
      });
      volume.addEventListener("input", () => SS.player.setVolume(item.id, Number(volume.value)));
      list.append(
        el(
          "li",
          { "data-now": item.id },
          el("span", { class: "now-title", text: `${entry.audio.loop ? "⟳ " : ""}${item.title}` }),
          volume,
          el("button", {
            type: "button",
            class: "btn icon",
            "data-stop": item.id,
            "aria-label": `Stop ${item.title}`,
            onclick: () => SS.player.stop(item.id),
            text: "■",
          }),
        ),
      );
    }
    SS.items.syncPlayButtons();
  }

  function init() {
    SS.library.init();
    SS.scenes.init();
    SS.charts.init();
    SS.credits.init();
    SS.player.onChange(renderNowPlaying);
    document.getElementById("stop-all").addEventListener("click", () => SS.player.stopAll());
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !document.querySelector("dialog[open]")) SS.player.stopAll();
    });
    window.addEventListener("hashchange", () => {
      const name = location.hash.slice(1);
      if (views.includes(name)) show(name); // other anchors (the skip link) only move the focus
    });

    SS.events.on("pack", (data) => {
      if (view === "packs") SS.packs.update(data);
    });
    SS.events.on("library", () => refresh("library"));
    SS.events.on("favorites", () => refresh("favorites"));
    SS.events.on("scenes", () => refresh("scenes"));
    SS.events.on("plays", () => refresh("plays"));
    SS.events.on("open", () => document.body.classList.remove("offline"));
    SS.events.on("error", () => document.body.classList.add("offline"));
    SS.events.start();

    // Sounds from any view; scenes need their list first (for the + buttons).
    SS.scenes.load().finally(() => show(location.hash.slice(1)));
  }

  return { init, refresh, fail, say, current: () => view };
})();

document.addEventListener("DOMContentLoaded", SS.app.init);
