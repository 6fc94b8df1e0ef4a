// One button of a scene's soundboard: its pad (play or stop the sound, or show a playlist's
// tracks), its hotkey, the tools to reorder it (← →, or drag) and to remove it; and the keyboard
// focus of these controls, kept across a redraw of the board.
import { el, duration } from "./dom.js";
import * as player from "./player.js";
import { showTracks } from "./tracks.js";

// Which tile control has the keyboard focus, so a redraw (after a move, or a change from
// elsewhere) gives it back: pressing "Move later" again keeps moving the same sound.
export function focusedTileControl() {
  const active = document.activeElement;
  const tile = active && active.closest && active.closest("[data-scene-item]");
  if (!tile) return null;
  const role = active.dataset.move || (active.classList.contains("pad") ? "pad" : active.dataset.tool);
  return role ? { item: tile.dataset.sceneItem, role } : null;
}

export function restoreTileFocus(control) {
  if (!control) return;
  const tile = document.querySelector(`[data-scene-item="${CSS.escape(control.item)}"]`);
  if (!tile) return;
  const selector =
    control.role === "pad"
      ? ".pad"
      : control.role === "remove"
        ? "[data-tool=remove]"
        : `[data-move="${control.role}"]`;
  let target = tile.querySelector(selector);
  if (target && target.disabled) target = tile.querySelector(".pad");
  if (target) target.focus();
}

// `actions`: move(itemID, to) and remove(itemID) change the scene; `drag.dragged` holds the id of
// the tile being dragged, shared by the tiles of one board.
export function sceneTile(item, index, count, actions) {
  const playable = player.canPlay(item);
  const on = player.isPlaying(item.id);
  const node = el(
    "li",
    {
      class: `tile kind-${item.kind}${on ? " playing" : ""}${playable || item.kind === "music" ? "" : " unavailable"}`,
      draggable: "true",
      "data-scene-item": item.id,
    },
    el(
      "button",
      {
        type: "button",
        class: "pad",
        "data-pad": item.id,
        "aria-pressed": playable ? String(on) : null,
        disabled: !playable && item.kind !== "music",
        onclick: () => (item.kind === "music" ? showTracks(item) : player.toggle(item)),
      },
      index < 9 ? el("kbd", { class: "hotkey", title: `Hotkey ${index + 1}`, text: String(index + 1) }) : null,
      el("span", { class: "pad-title", text: item.title }),
      el("span", {
        class: "pad-meta",
        text:
          item.kind === "music"
            ? "♫ tracks"
            : !playable
              ? "not installed"
              : `${player.isLoopable(item) ? "⟳ loop · " : ""}${duration(item.duration)}`,
      }),
    ),
    el(
      "div",
      { class: "pad-tools" },
      el("span", { class: "grip", "aria-hidden": "true", title: "Drag to reorder", text: "⠿" }),
      el("button", {
        type: "button",
        class: "btn icon",
        "data-move": "earlier",
        "aria-label": `Move ${item.title} earlier`,
        disabled: index === 0,
        onclick: () => actions.move(item.id, index - 1),
        text: "←",
      }),
      el("button", {
        type: "button",
        class: "btn icon",
        "data-move": "later",
        "aria-label": `Move ${item.title} later`,
        disabled: index === count - 1,
        onclick: () => actions.move(item.id, index + 1),
        text: "→",
      }),
      el("button", {
        type: "button",
        class: "btn icon",
        "data-tool": "remove",
        "aria-label": `Remove ${item.title} from the scene`,
        onclick: () => actions.remove(item.id),
        text: "✕",
      }),
    ),
  );
  node.addEventListener("dragstart", (event) => {
    actions.drag.dragged = item.id;
    event.dataTransfer.effectAllowed = "move";
    event.dataTransfer.setData("text/plain", item.id);
    node.classList.add("dragging");
  });
  node.addEventListener("dragend", () => node.classList.remove("dragging"));
  node.addEventListener("dragover", (event) => {
    if (!actions.drag.dragged) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
  });
  node.addEventListener("drop", (event) => {
    event.preventDefault();
    const dragged = actions.drag.dragged || event.dataTransfer.getData("text/plain");
    actions.drag.dragged = null;
    if (dragged && dragged !== item.id) actions.move(dragged, index);
  });
  return node;
}
