// The page's frame: views by URL hash (#library, #favorites, #scenes, #charts, #packs, #credits), the
// now-playing bar, and re-fetching what changed when the server sends an event or a view asks
// (notice.js's "refresh" event). Nothing imports this module: the views tell the page through notice.js.
import { charts } from "./charts.js";
import { credits } from "./credits.js";
import { events } from "./api.js";
import { favorites } from "./favorites.js";
import * as hotkeys from "./hotkeys.js";
import { items } from "./items.js";
import { library } from "./library.js";
import { startClock } from "./listen-share.js";
import { fail, onRefresh } from "./notice.js";
import * as nowPlaying from "./now-playing.js";
import { packs } from "./packs.js";
import * as player from "./player.js";
import { scenes } from "./scenes.js";
import { initSceneTarget } from "./scene-target.js";
import * as playersPanel from "./players-panel.js";
import * as settingsPanel from "./settings-panel.js";

export const app = (() => {
  const views = ["library", "favorites", "scenes", "charts", "packs", "credits"];
  let view = null;

  const loaders = {
    library: () => library.load(),
    favorites: () => favorites.load(),
    scenes: () => scenes.load(),
    charts: () => charts.load(),
    packs: () => packs.load(),
    credits: () => credits.load(),
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
    // The phone's folded menu names the view on screen; a status line belongs to the view it spoke of.
    const current = document.querySelector(`nav.views a[data-view="${view}"]`);
    document.getElementById("views-current").textContent = current.textContent;
    foldMenu(true);
    document.getElementById("live").textContent = "";
    loaders[view]();
  }

  // On a phone the views fold into a menu under a button (phones.css); elsewhere the button is hidden.
  function foldMenu(folded) {
    document.querySelector("header.top").classList.toggle("menu-open", !folded);
    document.getElementById("views-button").setAttribute("aria-expanded", String(!folded));
  }

  function initMenu() {
    const button = document.getElementById("views-button");
    button.addEventListener("click", () => foldMenu(button.getAttribute("aria-expanded") === "true"));
    document.getElementById("views").addEventListener("click", () => foldMenu(true));
    document.addEventListener("click", (event) => {
      if (!event.target.closest("#views, #views-button")) foldMenu(true);
    });
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && button.getAttribute("aria-expanded") === "true") {
        event.stopImmediatePropagation(); // closing the menu, not Stop all
        foldMenu(true);
        button.focus();
      }
    });
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

  // The sticky header's and the now-playing bar's heights, for scroll-padding (app.css): a focused
  // control or an anchor scrolls clear of them.
  function watchBars() {
    const root = document.documentElement.style;
    const header = document.querySelector("header.top");
    const now = document.getElementById("now");
    const measure = () => {
      root.setProperty("--top-h", `${header.getBoundingClientRect().height}px`);
      root.setProperty("--now-h", `${now.hidden ? 0 : now.getBoundingClientRect().height}px`);
    };
    new ResizeObserver(measure).observe(header);
    new ResizeObserver(measure).observe(now);
    new MutationObserver(measure).observe(now, { attributes: true, attributeFilter: ["hidden"] });
    measure();
  }

  function init() {
    watchBars();
    // The server's clock from the start: the first sound played is shared on time with the players.
    startClock();
    library.init();
    scenes.init();
    initSceneTarget();
    charts.init();
    credits.init();
    initMenu();
    player.onChange(() => {
      nowPlaying.render();
      items.syncPlayButtons();
    });
    player.onProblem(fail);
    onRefresh(refresh);
    document.getElementById("stop-all").addEventListener("click", () => player.stopAll());
    hotkeys.init();
    settingsPanel.init();
    playersPanel.init();
    // The browser tests' mode (?test): a recorder on the master output, items' extra keys.
    if (new URLSearchParams(location.search).has("test")) import("./test-hooks.js").then((hooks) => hooks.install());
    window.addEventListener("hashchange", () => {
      const name = location.hash.slice(1);
      if (views.includes(name)) show(name); // other anchors (the skip link) only move the focus
    });

    events.on("pack", (data) => {
      if (view === "packs") packs.update(data);
    });
    events.on("library", () => {
      player.forgetDetails();
      refresh("library");
    });
    events.on("favorites", () => refresh("favorites"));
    events.on("scenes", () => refresh("scenes"));
    events.on("plays", () => refresh("plays"));
    events.on("open", () => document.body.classList.remove("offline"));
    events.on("error", () => document.body.classList.add("offline"));
    events.start();

    // Sounds from any view; scenes need their list first (for the + buttons).
    scenes.load().finally(() => show(location.hash.slice(1)));
  }

  return { init, refresh, current: () => view };
})();

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", app.init);
else app.init();
