// The Tracks dialog of a music entry (from its row in a list or its button on a scene's board):
// the tracks the server cached for it, or that none are fetched yet; and the entry's link to its
// playlist on Apple Music (from the item's `appleMusicPlaylistId`, in the storefront it names or "us").
import { api } from "./api.js";
import { el, duration } from "./dom.js";

/// https://music.apple.com/{storefront}/playlist/{name}/{id}, or null when the item names no playlist.
export function appleMusicURL(item) {
  const id = item.appleMusicPlaylistId || (item.appleMusic && item.appleMusic.playlistId);
  if (!id) return null;
  const storefront = /^[a-z]{2}$/.test(item.appleMusicStorefront || "") ? item.appleMusicStorefront : "us";
  const name = (item.title || "playlist")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `https://music.apple.com/${storefront}/playlist/${name || "playlist"}/${encodeURIComponent(id)}`;
}

/// A link that opens the entry's playlist in Apple Music (a new tab), or null.
export function appleMusicLink(item, className = "btn link apple-music") {
  const href = appleMusicURL(item);
  if (!href) return null;
  return el("a", {
    class: className,
    href,
    target: "_blank",
    rel: "noopener noreferrer",
    "aria-label": `Open ${item.title} in Apple Music`,
    text: "Open in Apple Music ↗",
  });
}

export async function showTracks(item) {
  const dialog = document.getElementById("tracks-dialog");
  const body = document.getElementById("tracks-body");
  document.getElementById("tracks-title").textContent = `Tracks of ${item.title}`;
  body.replaceChildren(el("p", { class: "summary", text: "Loading…" }));
  if (!dialog.open) dialog.showModal();
  try {
    const result = await api.tracks(item.id);
    if (!result || result.entry !== item.id) {
      body.replaceChildren(el("p", { class: "empty error", text: "This server cannot list a music entry's tracks." }));
      return;
    }
    const tracks = result.tracks || [];
    if (tracks.length === 0) {
      body.replaceChildren(
        el("p", {
          class: "empty",
          text: "This playlist’s track list has not been fetched yet, so there is nothing to show here."
            + " It still plays in Apple Music.",
        }),
        ...[appleMusicLink(item)].filter(Boolean),
      );
      return;
    }
    const list = el("ol", { class: "tracks" });
    for (const track of tracks) {
      const line = [track.artist, track.album].filter(Boolean).join(" · ");
      list.append(
        el(
          "li",
          {},
          el("span", { class: "title", text: track.title }),
          el("span", { class: "sub", text: line }),
          el("span", { class: "dur", text: duration(track.duration) }),
          el("span", { class: "meta", text: (track.sources || []).join(", ") }),
        ),
      );
    }
    body.replaceChildren(...[appleMusicLink(item)].filter(Boolean), list);
  } catch (error) {
    body.replaceChildren(el("p", { class: "empty error", text: error.message }));
  }
}
