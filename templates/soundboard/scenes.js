// Scenes shown as a soundboard: a grid of buttons in the scene's order; drag a button, or use
// its ← → buttons, to reorder; saved with PUT /api/scenes/{id}.
import { el, duration } from "./dom.js";
import { api } from "./api.js";
import { fail, say } from "./notice.js";
import * as player from "./player.js";
import { announce } from "./listen-share.js";
import { focusedTileControl, restoreTileFocus, sceneTile } from "./scene-tile.js";

export const scenes = (() => {
  const state = { scenes: [], scene: null, dragged: null, edits: 0, saving: Promise.resolve() };
  const storageKey = "soundshelf.scene";
  const changeListeners = []; // told after the open scene, its items or the list of scenes changed

  function currentScene() {
    if (state.scene) return { id: state.scene.sceneId, title: state.scene.title };
    const id = localStorage.getItem(storageKey);
    const known = state.scenes.find((scene) => scene.sceneId === id) || state.scenes[0];
    return known ? { id: known.sceneId, title: known.title } : null;
  }

  async function loadScenes() {
    const edit = state.edits;
    try {
      const result = await api.scenes();
      if (edit !== state.edits) return; // an edit is on its way; its save reloads
      state.scenes = result.scenes || [];
      const current = currentScene();
      if (current) await openScene(current.id, false, edit);
      else state.scene = null;
    } catch (error) {
      fail(error.message);
    }
    if (edit !== state.edits) return;
    renderSceneList();
    renderBoard();
  }

  async function openScene(sceneID, render = true, edit = state.edits) {
    try {
      const scene = await api.scene(sceneID);
      if (edit !== state.edits) return;
      state.scene = scene;
      localStorage.setItem(storageKey, sceneID);
      announce(scene.items); // players listening along load the board's sounds ahead
    } catch (error) {
      if (error.status === 404) {
        localStorage.removeItem(storageKey);
        state.scene = null;
      } else fail(error.message);
    }
    if (render) {
      renderSceneList();
      renderBoard();
    }
  }

  function renderSceneList() {
    const list = document.getElementById("scenes");
    list.replaceChildren();
    for (const scene of state.scenes) {
      const on = state.scene && state.scene.sceneId === scene.sceneId;
      list.append(
        el(
          "li",
          {},
          el(
            "button",
            {
              type: "button",
              class: `scene-name${on ? " on" : ""}`,
              "aria-current": on ? "true" : null,
              "data-scene": scene.sceneId,
              onclick: () => openScene(scene.sceneId),
            },
            el("span", { text: scene.title }),
            el("span", { class: "count", text: String(scene.count) }),
          ),
        ),
      );
    }
  }

  function renderBoard() {
    const control = focusedTileControl();
    drawBoard();
    restoreTileFocus(control);
    for (const listener of changeListeners) listener();
  }

  function drawBoard() {
    const board = document.getElementById("scene-board");
    board.replaceChildren();
    const scene = state.scene;
    if (!scene) {
      board.append(
        el("p", { class: "empty", text: "No scenes yet — create one for your next session, then add sounds to it." }),
      );
      return;
    }
    board.append(
      el(
        "div",
        { class: "board-head" },
        el("h2", { text: scene.title }),
        el("button", { type: "button", class: "btn link", id: "rename-scene", onclick: startRename, text: "Rename" }),
        el("span", { class: "summary", text: `${scene.count} sounds · ${duration(scene.duration)}` }),
        // An empty scene has nothing to play: no Play, only how to fill it (below).
        scene.items.length === 0 ? null : el("button", {
          type: "button",
          class: "btn primary",
          id: "play-scene",
          title: "Fade out what is not in this scene and fade its atmospheres in",
          onclick: () => player.playScene(scene.items),
          text: "▶ Play scene",
        }),
        el("button", { type: "button", class: "btn", onclick: () => player.stopAll(), text: "■ Stop all" }),
        el("button", { type: "button", class: "btn danger", onclick: removeScene, text: "Delete scene" }),
      ),
    );
    if (scene.items.length === 0) {
      board.append(
        el(
          "p",
          { class: "empty" },
          "This scene is empty — press + beside a sound in the ",
          el("a", { href: "#library", text: "Library" }),
          " to add it here.",
        ),
      );
      return;
    }
    const grid = el("ol", { class: "tiles", id: "tiles" });
    const actions = {
      move,
      remove: (itemID) => save(state.scene.items.filter((other) => other.id !== itemID)),
      drag: state,
    };
    scene.items.forEach((item, index) => grid.append(sceneTile(item, index, scene.items.length, actions)));
    board.append(grid);
  }

  function move(itemID, to) {
    const items = state.scene.items.slice();
    const from = items.findIndex((item) => item.id === itemID);
    if (from < 0 || to < 0 || to >= items.length) return;
    const [moved] = items.splice(from, 1);
    items.splice(to, 0, moved);
    save(items, `Moved “${moved.title}” to position ${to + 1}`);
  }

  // Saves run one after another (each PUT names the whole order); the board shows the newest
  // order at once, and a reply is only drawn when no newer edit followed it.
  function save(items, message) {
    const scene = state.scene;
    scene.items = items;
    scene.count = items.length;
    renderBoard();
    const edit = ++state.edits;
    const ids = items.map((item) => item.id);
    const board = document.getElementById("scene-board");
    board.setAttribute("aria-busy", "true");
    state.saving = state.saving.then(async () => {
      try {
        await api.saveScene(scene.sceneId, scene.title, ids);
        if (edit !== state.edits) return;
        if (message) say(message);
        await loadScenes();
        board.dataset.saved = ids.join(",");
      } catch (error) {
        fail(error.message);
        if (edit === state.edits) await loadScenes();
      } finally {
        if (edit === state.edits) board.removeAttribute("aria-busy");
      }
    });
    return state.saving;
  }

  // The title turns into a field; Enter saves, Escape or Cancel keeps the old title.
  function startRename() {
    const scene = state.scene;
    const head = document.querySelector("#scene-board .board-head");
    const input = el("input", {
      id: "rename-title",
      value: scene.title,
      maxlength: "200",
      "aria-label": "Scene title",
    });
    const form = el(
      "form",
      { class: "rename" },
      input,
      el("button", { type: "submit", class: "btn primary", text: "Save" }),
      el("button", { type: "button", class: "btn", onclick: renderBoard, text: "Cancel" }),
    );
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const title = input.value.trim();
      if (!title || title === scene.title) return renderBoard();
      scene.title = title;
      save(scene.items, `Renamed the scene to “${title}”`);
    });
    input.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.stopPropagation();
        renderBoard();
      }
    });
    head.querySelector("h2").replaceWith(form);
    head.querySelector("#rename-scene").remove();
    input.focus();
    input.select();
  }

  async function addToScene(item) {
    if (!state.scene) {
      const current = currentScene();
      if (!current) return;
      await openScene(current.id, false);
    }
    if (!state.scene) return;
    if (hasItem(item.id)) {
      say(`“${item.title}” is already in “${state.scene.title}”.`);
      return;
    }
    await save(state.scene.items.concat([item]), `Added “${item.title}” to “${state.scene.title}”`);
  }

  async function createScene(event) {
    event.preventDefault();
    const input = document.getElementById("new-scene-title");
    const title = input.value.trim();
    if (!title) return;
    try {
      const created = await api.createScene(title);
      input.value = "";
      localStorage.setItem(storageKey, created.sceneId);
      state.scene = null;
      await loadScenes();
      say(`Created the scene “${title}”`);
    } catch (error) {
      fail(error.message);
    }
  }

  async function removeScene() {
    const scene = state.scene;
    if (!scene || !window.confirm(`Delete the scene “${scene.title}”? Its sounds stay in the library.`)) return;
    try {
      await api.deleteScene(scene.sceneId);
      localStorage.removeItem(storageKey);
      state.scene = null;
      await loadScenes();
    } catch (error) {
      fail(error.message);
    }
  }

  function init() {
    document.getElementById("new-scene").addEventListener("submit", createScene);
    player.onChange(() => {
      for (const node of document.querySelectorAll("[data-scene-item]")) {
        const on = player.isPlaying(node.dataset.sceneItem);
        node.classList.toggle("playing", on);
        const pad = node.querySelector(".pad[aria-pressed]");
        if (pad) pad.setAttribute("aria-pressed", String(on));
      }
    });
  }

  // The open scene's items in order (hotkeys 1–9 trigger the first nine).
  const sceneItems = () => (state.scene ? state.scene.items : []);
  const hasItem = (itemID) => sceneItems().some((other) => other.id === itemID);
  const onChange = (listener) => changeListeners.push(listener);

  return { init, load: loadScenes, open: openScene, currentScene, addToScene, sceneItems, hasItem, onChange, state };
})();
