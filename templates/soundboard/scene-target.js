// Where a row's "+" adds: the scene named beside the list ("+ adds to [Tavern ▾]") and chosen
// there; a row whose item is already in that scene shows "✓" instead of "+".
import { el } from "./dom.js";
import { scenes } from "./scenes.js";

function label(button, item, scene) {
  const inScene = scenes.hasItem(item.id);
  button.textContent = inScene ? "✓" : "+";
  button.classList.toggle("in", inScene);
  button.setAttribute("aria-pressed", String(inScene));
  button.setAttribute(
    "aria-label",
    inScene ? `${item.title} is in the scene ${scene.title}` : `Add ${item.title} to the scene ${scene.title}`,
  );
  button.title = inScene ? `In “${scene.title}”` : `Add to “${scene.title}”`;
}

/// The "+" of a row for `item`, or null when there is no scene to add to.
export function addButton(item) {
  const scene = scenes.currentScene();
  if (!scene) return null;
  const button = el("button", {
    type: "button",
    class: "btn icon add",
    "data-add": item.id,
    onclick: () => scenes.addToScene(item),
  });
  button.item = item;
  label(button, item, scene);
  return button;
}

/// Brings the chooser and every row's "+" up to date with the scenes.
export function syncSceneTarget() {
  const box = document.getElementById("scene-target-box");
  const select = document.getElementById("scene-target");
  const scene = scenes.currentScene();
  box.hidden = !scene;
  // Rebuilt only when the scenes changed: a chooser open under the pointer keeps its options.
  const key = JSON.stringify(scenes.state.scenes.map((s) => [s.sceneId, s.title]));
  if (select.dataset.scenes !== key) {
    select.replaceChildren(...scenes.state.scenes.map((s) => el("option", { value: s.sceneId, text: s.title })));
    select.dataset.scenes = key;
  }
  if (scene && select.value !== scene.id) select.value = scene.id;
  for (const button of document.querySelectorAll("button.add[data-add]")) {
    if (scene && button.item) label(button, button.item, scene);
  }
}

export function initSceneTarget() {
  document.getElementById("scene-target").addEventListener("change", (event) => scenes.open(event.target.value));
  scenes.onChange(syncSceneTarget);
}
