// Plays several sounds at once (an atmosphere under effects), each in its own <audio> element
// from /audio/{itemId}; loopable items loop. When a sound stops, the seconds it actually played
// are recorded through POST /api/plays.
"use strict";

SS.player = (() => {
  const playing = new Map(); // itemID → { item, audio, since, played }
  const listeners = [];
  let shelf = null; // where the <audio> elements live (hidden), so the page can be inspected

  function changed() {
    for (const listener of listeners) listener();
  }

  // Whether an item loops: what its detail (`/api/items/{id}`, "loopable" from the pack's
  // manifest) said once it was asked; until then atmospheres loop and effects don't.
  const loopFlags = new Map(); // itemID → boolean

  function isLoopable(item) {
    if (typeof item.loopable === "boolean") return item.loopable;
    if (loopFlags.has(item.id)) return loopFlags.get(item.id);
    return item.kind === "atmosphere";
  }

  function learnLoop(item, audio) {
    if (typeof item.loopable === "boolean" || loopFlags.has(item.id)) return;
    SS.api
      .item(item.id)
      .then((detail) => {
        if (typeof detail.loopable !== "boolean") return;
        loopFlags.set(item.id, detail.loopable);
        audio.loop = detail.loopable;
        changed();
      })
      .catch(() => {}); // the kind's default stays
  }

  function canPlay(item) {
    return item.kind !== "music" && item.available === true;
  }

  // Seconds played so far: the closed stretches plus the one running now.
  function seconds(entry) {
    const running = entry.since === null ? 0 : (performance.now() - entry.since) / 1000;
    return entry.played + running;
  }

  function pauseClock(entry) {
    if (entry.since !== null) {
      entry.played += (performance.now() - entry.since) / 1000;
      entry.since = null;
    }
  }

  function start(item) {
    if (playing.has(item.id)) return;
    if (!shelf) {
      shelf = document.createElement("div");
      shelf.id = "audio-shelf";
      shelf.hidden = true;
      document.body.append(shelf);
    }
    const audio = document.createElement("audio");
    audio.preload = "auto";
    audio.loop = isLoopable(item);
    learnLoop(item, audio);
    audio.dataset.item = item.id;
    audio.dataset.state = "loading";
    audio.src = SS.api.audioURL(item.id);
    const entry = { item, audio, since: null, played: 0 };
    playing.set(item.id, entry);
    audio.addEventListener("playing", () => {
      audio.dataset.state = "playing";
      if (entry.since === null) entry.since = performance.now();
      changed();
    });
    for (const name of ["pause", "waiting", "stalled"]) {
      audio.addEventListener(name, () => pauseClock(entry));
    }
    audio.addEventListener("ended", () => {
      // Played to the end: at least its whole length, whatever the clock says.
      pauseClock(entry);
      if (isFinite(audio.duration)) entry.played = Math.max(entry.played, audio.duration);
      stop(item.id);
    });
    audio.addEventListener("error", () => {
      if (playing.get(item.id) !== entry) return; // already stopped
      stop(item.id, false);
      SS.app.fail(`“${item.title}” could not be played: its file is missing or not installed.`);
    });
    shelf.append(audio);
    const attempt = audio.play();
    if (attempt && attempt.catch) {
      attempt.catch((error) => {
        if (!playing.has(item.id)) return;
        stop(item.id, false);
        if (error && error.name === "NotAllowedError") {
          SS.app.fail("The browser blocked playback: press Play again.");
        }
      });
    }
    changed();
  }

  function stop(itemID, record = true) {
    const entry = playing.get(itemID);
    if (!entry) return;
    playing.delete(itemID);
    pauseClock(entry);
    entry.audio.dataset.state = "stopped";
    entry.audio.pause();
    entry.audio.removeAttribute("src");
    entry.audio.load();
    entry.audio.remove();
    const played = Math.round(seconds(entry) * 10) / 10;
    if (record && played >= 0.5) {
      SS.api.play(entry.item.id, played).catch((error) => SS.app.fail(error.message));
    }
    changed();
  }

  function stopAll() {
    for (const itemID of [...playing.keys()]) stop(itemID);
  }

  function toggle(item) {
    if (playing.has(item.id)) stop(item.id);
    else start(item);
  }

  function setVolume(itemID, volume) {
    const entry = playing.get(itemID);
    if (entry) entry.audio.volume = volume;
  }

  return {
    canPlay,
    isLoopable,
    toggle,
    stop,
    stopAll,
    setVolume,
    isPlaying: (itemID) => playing.has(itemID),
    entries: () => [...playing.values()],
    onChange: (listener) => listeners.push(listener),
  };
})();
