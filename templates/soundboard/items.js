// One row of an item list (library, favorites): play/stop, title, duration, favorite star,
// "add to scene", and for a music entry its tracks.
import { api } from "./api.js";
import { credits } from "./credits.js";
import { el, duration } from "./dom.js";
import { detail, kindNames } from "./item-details.js";
import { showItem } from "./item-view.js";
import { installButton } from "./pack-install.js";
import { fail, requestRefresh } from "./notice.js";
import * as player from "./player.js";
import { addButton } from "./scene-target.js";
import { appleMusicLink, showTracks } from "./tracks.js";
import { waveform } from "./waveform.js";

export const items = (() => {

  // A music entry's "Open in Apple Music": the list row does not carry the playlist, its details do.
  function musicLink(item) {
    const link = appleMusicLink(item);
    if (link) return link;
    const slot = el("span", { class: "apple-music-slot" });
    detail(item).then((full) => {
      const found = appleMusicLink(full);
      if (found) slot.replaceWith(found);
    });
    return slot;
  }

  function playButton(item) {
    if (item.kind === "music") {
      return el("button", {
        type: "button",
        class: "btn play tracks",
        "data-tracks": item.id,
        "aria-label": `Tracks of ${item.title}`,
        onclick: () => showTracks(item),
        text: "♫",
      });
    }
    if (!player.canPlay(item)) {
      return el("button", {
        type: "button",
        class: "btn play",
        disabled: true,
        "aria-label": `${item.title} is not installed`,
        title: "Not installed: install its pack",
        text: "▶",
      });
    }
    const playingNow = player.isPlaying(item.id);
    return el("button", {
      type: "button",
      class: "btn play",
      "data-play": item.id,
      "aria-pressed": String(playingNow),
      "aria-label": `${playingNow ? "Stop" : "Play"} ${item.title}`,
      onclick: () => player.toggle(item),
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
      if (on) await api.unfavorite(item.id);
      else await api.favorite(item.id);
      item.favorite = !on;
      const had = document.activeElement === button;
      const replacement = favoriteButton(item);
      button.replaceWith(replacement);
      if (had) replacement.focus();
      requestRefresh("favorites");
    } catch (error) {
      button.disabled = false;
      fail(error.message);
    }
  }

  // `mixed`: the list holds several kinds (favorites), so each row names its kind.
  function row(item, mixed) {
    const meta = mixed ? [kindNames[item.kind] || item.kind] : [];
    if (item.kind === "music") meta.push("plays through Apple Music");
    else if (!item.available) meta.push("not installed");
    else if (player.isLoopable(item)) meta.push("loops");
    return el(
      "li",
      { class: `item${item.available || item.kind === "music" ? "" : " unavailable"}`, "data-item": item.id },
      playButton(item),
      el(
        "div",
        { class: "item-text" },
        el("button", {
          type: "button",
          class: "title",
          "data-details": item.id,
          "aria-haspopup": "dialog",
          title: "Details: tags, pack, license, loudness",
          onclick: () => showItem(item),
          text: item.title,
        }),
        credits.badge(item),
        item.subtitle ? el("span", { class: "sub", text: item.subtitle }) : null,
        meta.length ? el("span", { class: "meta", text: meta.join(" · ") }) : null,
        item.kind === "music" ? musicLink(item) : null,
        item.kind !== "music" && !item.available && item.packId
          ? installButton(item.packId, "Install pack", "btn link install-pack")
          : null,
      ),
      waveform(item.peaks, { bars: 48 }) || el("span", { class: "wave none", "aria-hidden": "true" }),
      el("span", { class: "dur", text: duration(item.duration) }),
      favoriteButton(item),
      addButton(item),
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
      const on = player.isPlaying(button.dataset.play);
      button.setAttribute("aria-pressed", String(on));
      button.textContent = on ? "■" : "▶";
      const title = button.getAttribute("aria-label").replace(/^(Play|Stop) /, "");
      button.setAttribute("aria-label", `${on ? "Stop" : "Play"} ${title}`);
    }
  }

  return { row, fill, syncPlayButtons, favoriteButton };
})();
