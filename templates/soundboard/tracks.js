// The Tracks dialog of a music entry (from its row in a list or its button on a scene's board):
// the tracks the server cached for it, or why there are none.
import { api } from "./api.js";
import { el, duration } from "./dom.js";

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
        el("p", { class: "empty", text: "No tracks cached yet: run “client music refresh” to fetch them." }),
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
    body.replaceChildren(list);
  } catch (error) {
    body.replaceChildren(el("p", { class: "empty error", text: error.message }));
  }
}
