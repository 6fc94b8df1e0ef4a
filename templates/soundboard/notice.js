// What the views tell the page, so none of them imports app.js: `say` a short message in the
// header's status line (read out politely, cleared after 5 s), `fail` with a dismissable banner
// (an alert, hidden after 12 s), and `requestRefresh` what changed (a "refresh" event on this
// module's own EventTarget: app.js listens with `onRefresh` and fetches the view on screen again).
import { el } from "./dom.js";

let liveTimer = null;
let bannerTimer = null;
const requests = new EventTarget();

export function say(message) {
  const live = document.getElementById("live");
  live.textContent = message;
  clearTimeout(liveTimer);
  liveTimer = setTimeout(() => (live.textContent = ""), 5000);
}

export function fail(message) {
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

// `what`: the kind of data that changed, named as the server's events name it ("library",
// "favorites", "scenes", "plays", "packs"). Listeners run at once, in the order they were added.
export function requestRefresh(what) {
  requests.dispatchEvent(new CustomEvent("refresh", { detail: what }));
}

// Calls `listener(what)` on every request; returns a function that stops listening.
export function onRefresh(listener) {
  const handler = (event) => listener(event.detail);
  requests.addEventListener("refresh", handler);
  return () => requests.removeEventListener("refresh", handler);
}
