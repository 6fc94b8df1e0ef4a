// Keys that act wherever the focus is, except in a text field: 1–9 trigger the open scene's first
// nine items, Space stops all with the fade (also on a focused button; Enter still presses it),
// Escape stops all at once, `?` shows or hides the help overlay.
import * as player from "./player.js";
import { scenes } from "./scenes.js";

const textTypes = new Set(["text", "search", "email", "url", "tel", "password", "number", "date", "time"]);

function inTextField(target) {
  if (!target || !target.closest) return false;
  if (target.isContentEditable || target.closest("textarea, select")) return true;
  return target.tagName === "INPUT" && textTypes.has((target.type || "text").toLowerCase());
}

function toggleHelp() {
  const help = document.getElementById("help-dialog");
  if (help.open) help.close();
  else if (!document.querySelector("dialog[open]")) help.showModal();
}

function onKey(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  if (inTextField(event.target)) return;
  const dialogOpen = document.querySelector("dialog[open]");
  if (event.key === "?") {
    event.preventDefault();
    toggleHelp();
    return;
  }
  if (dialogOpen) return; // Escape closes the dialog; nothing else acts behind it
  if (event.key === "Escape") {
    player.stopAll(false);
  } else if (event.key === " ") {
    event.preventDefault(); // not a click on the focused button, not a scroll
    player.stopAll(true);
  } else if (/^[1-9]$/.test(event.key)) {
    const item = scenes.sceneItems()[Number(event.key) - 1];
    if (!item || !player.canPlay(item)) return;
    event.preventDefault();
    player.toggle(item);
  }
}

export function init() {
  document.addEventListener("keydown", onKey);
  document.getElementById("help-button").addEventListener("click", toggleHelp);
}
