// One row of an item list (library, favorites): play/stop, title, duration, favorite star,
// "add to scene", and for a music entry its tracks.
"use strict";

SS.items = (() => {
  function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes)) {
      if (value === undefined || value === null || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key.startsWith("data-")) node.dataset[key.slice(5).replace(/-(\w)/g, (_, c) => c.toUpperCase())] = value;
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) {
      if (child !== null && child !== undefined) node.append(child);
    }
    return node;
  }

  function duration(seconds) {
    if (typeof seconds !== "number" || !isFinite(seconds)) return "";
    if (seconds < 10) return `${seconds.toFixed(1)} s`; // short effects: 0.4 s, not 0:00
    const total = Math.round(seconds);
    const hours = Math.floor(total / 3600);
    const minutes = Math.floor((total % 3600) / 60);
    const rest = String(total % 60).padStart(2, "0");
    return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
  }

  const kindNames = { music: "Music", atmosphere: "Atmosphere", sfx: "Effect" };

  function playButton(item) {
    if (item.kind === "music") {
      return el("button", {
        type: "button",
        class: "btn play tracks",
        "data-tracks": item.id,
        "aria-label": `Tracks of ${item.title}`,
        onclick: () => SS.library.showTracks(item),
        text: "♫",
      });
    }
    if (!SS.player.canPlay(item)) {
      return el("button", {
        type: "button",
        class: "btn play",
        disabled: true,
        "aria-label": `${item.title} is not installed`,
        title: "Not installed: install its pack",
        text: "▶",
      });
    }
    const playingNow = SS.player.isPlaying(item.id);
    return el("button", {
      type: "button",
      class: "btn play",
      "data-play": item.id,
      "aria-pressed": String(playingNow),
      "aria-label": `${playingNow ? "Stop" : "Play"} ${item.title}`,
      onclick: () => SS.player.toggle(item),
      text: playingNow ? "■" : "▶",
    });
  }

  function favoriteButton(item) {
    const on = item.favorite === true;
    return el("button", {
      type: "button",
      class: `btn icon fav${on ? " on" : ""}`,
      "data-favorite": item.id,
      "aria-pressed": String(on),
      "aria-label": `${on ? "Remove" : "Add"} ${item.title} ${on ? "from" : "to"} favorites`,
      onclick: (event) => toggleFavorite(item, event.currentTarget),
      text: on ? "★" : "☆",
    });
  }

  async function toggleFavorite(item, button) {
    const on = item.favorite === true;
    button.disabled = true;
    try {
      if (on) await SS.api.unfavorite(item.id);
      else await SS.api.favorite(item.id);
      item.favorite = !on;
      const had = document.activeElement === button;
      const replacement = favoriteButton(item);
      button.replaceWith(replacement);
      if (had) replacement.focus();
      SS.app.refresh("favorites");
    } catch (error) {
      button.disabled = false;
      SS.app.fail(error.message);
    }
  }

  function sceneButton(item) {
    const scene = SS.scenes.currentScene();
    if (!scene) return null;
    return el("button", {
      type: "button",
      class: "btn icon add",
      "data-add": item.id,
      "aria-label": `Add ${item.title} to the scene ${scene.title}`,
      title: `Add to “${scene.title}”`,
      onclick: () => SS.scenes.addToScene(item),
      text: "+",
    });
  }

  // `mixed`: the list holds several kinds (favorites), so each row names its kind.
  function row(item, mixed) {
    const meta = mixed ? [kindNames[item.kind] || item.kind] : [];
    if (item.kind === "music") meta.push("plays through Apple Music");
    else if (!item.available) meta.push("not installed");
    else if (SS.player.isLoopable(item)) meta.push("loops");
    return el(
      "li",
      { class: `item${item.available || item.kind === "music" ? "" : " unavailable"}`, "data-item": item.id },
      playButton(item),
      el(
        "div",
        { class: "item-text" },
        el("span", { class: "title", text: item.title }),
        SS.credits ? SS.credits.badge(item) : null,
        item.subtitle ? el("span", { class: "sub", text: item.subtitle }) : null,
        meta.length ? el("span", { class: "meta", text: meta.join(" · ") }) : null,
      ),
      el("span", { class: "dur", text: duration(item.duration) }),
      favoriteButton(item),
      sceneButton(item),
    );
  }

  // Fills `list` with rows, or with `empty` (a node or text) when there are none.
  function fill(list, items, empty, mixed = false) {
    list.replaceChildren();
    if (items.length === 0) {
      list.append(el("li", { class: "empty" }, empty));
      return;
    }
    for (const item of items) list.append(row(item, mixed));
  }

  // Re-labels the play buttons after the player started or stopped something.
  function syncPlayButtons() {
    for (const button of document.querySelectorAll("button.play[data-play]")) {
      const on = SS.player.isPlaying(button.dataset.play);
      button.setAttribute("aria-pressed", String(on));
      button.textContent = on ? "■" : "▶";
      const title = button.getAttribute("aria-label").replace(/^(Play|Stop) /, "");
      button.setAttribute("aria-label", `${on ? "Stop" : "Play"} ${title}`);
    }
  }

  return { el, duration, row, fill, syncPlayButtons, favoriteButton };
})();
