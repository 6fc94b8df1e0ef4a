// The server's JSON endpoints and its event stream. Every request that changes state carries
// the header X-Soundshelf: 1 (a page from another origin cannot send it).

// Keys a test run adds to items (loudness, loop, takes…) by id, before the server carries them:
// see test-hooks.js. Empty outside the page's test mode.
const extras = new Map();

export function setItemExtras(map) {
  extras.clear();
  for (const [itemID, keys] of Object.entries(map || {})) extras.set(itemID, keys);
}

// A test run's extras survive its reloads (sessionStorage, test mode only).
if (new URLSearchParams(location.search).has("test")) {
  try {
    setItemExtras(JSON.parse(sessionStorage.getItem("soundshelf.test.extras") || "{}"));
  } catch (error) {
    // none
  }
}

function withExtras(json) {
  if (extras.size === 0 || !json || typeof json !== "object") return json;
  const add = (item) => (item && extras.has(item.id) ? Object.assign(item, extras.get(item.id)) : item);
  if (Array.isArray(json.items)) json.items.forEach(add);
  return add(json);
}

export const api = (() => {
  class APIError extends Error {
    constructor(status, message) {
      super(message);
      this.status = status;
    }
  }

  async function request(method, path, body, keepalive = false) {
    const options = { method, headers: { Accept: "application/json" }, keepalive };
    if (method !== "GET") options.headers["X-Soundshelf"] = "1";
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, options);
    } catch (error) {
      throw new APIError(0, "The soundboard server is not answering. Is `client serve` still running?");
    }
    const text = await response.text();
    let json = null;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch (error) {
        json = null;
      }
    }
    if (!response.ok) {
      const message = (json && json.error) || `${method} ${path} failed (HTTP ${response.status})`;
      throw new APIError(response.status, message);
    }
    return withExtras(json);
  }

  // A query string from an object; array values repeat their key (location=1&location=2).
  function query(params) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(params)) {
      if (value === undefined || value === null || value === "") continue;
      for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
    }
    const text = search.toString();
    return text ? `?${text}` : "";
  }

  const id = (value) => encodeURIComponent(value);

  return {
    APIError,
    query,
    items: (params) => request("GET", `/api/items${query(params)}`),
    item: (itemID) => request("GET", `/api/items/${id(itemID)}`),
    facets: (params) => request("GET", `/api/facets${query(params)}`),
    packs: () => request("GET", "/api/packs"),
    packSizes: () => request("GET", "/api/packs/sizes"),
    credits: (installed) => request("GET", `/api/credits${installed ? "?installed=1" : ""}`),
    install: (packID) => request("POST", `/api/packs/${id(packID)}/install`),
    uninstall: (packID) => request("DELETE", `/api/packs/${id(packID)}`),
    favorites: (params) => request("GET", `/api/favorites${query(params || {})}`),
    favorite: (itemID) => request("PUT", `/api/favorites/${id(itemID)}`),
    unfavorite: (itemID) => request("DELETE", `/api/favorites/${id(itemID)}`),
    scenes: () => request("GET", "/api/scenes"),
    scene: (sceneID) => request("GET", `/api/scenes/${id(sceneID)}`),
    createScene: (title) => request("POST", "/api/scenes", { title }),
    saveScene: (sceneID, title, items) => request("PUT", `/api/scenes/${id(sceneID)}`, { title, items }),
    deleteScene: (sceneID) => request("DELETE", `/api/scenes/${id(sceneID)}`),
    // `keepalive`: still sent while the tab closes (pagehide); sendBeacon cannot set X-Soundshelf.
    play: (target, played, keepalive = false) =>
      request("POST", "/api/plays", { target, played, at: new Date().toISOString(), source: "app" }, keepalive),
    charts: (period) => request("GET", `/api/charts${query({ period })}`),
    stats: () => request("GET", "/api/stats"),
    tracks: (entryID) => request("GET", `/api/tracks${query({ entry: entryID })}`),
    // Listening along: the listen links (with the players on each and the lead they need), a new
    // one, revoking one, and an event of the owner's page for the players (its answer: how many got it).
    listeners: () => request("GET", "/api/listeners"),
    addListener: () => request("POST", "/api/listeners"),
    revokeListener: (token) => request("DELETE", `/api/listeners/${id(token)}`),
    listenEvent: (event) => request("POST", "/api/listen/events", event),
    // Take 0 is /audio/{id} (what a server without takes serves); others /audio/{id}/{take}.
    audioURL: (itemID, take = 0) => (take > 0 ? `/audio/${id(itemID)}/${take}` : `/audio/${id(itemID)}`),
  };
})();

// Server-Sent Events: `pack`, `library`, `favorites`, `scenes`, `plays`. Handlers get the
// parsed data (or null). The browser reconnects by itself; `onState` hears open/error.
export const events = (() => {
  const handlers = {};
  let source = null;

  function on(name, handler) {
    (handlers[name] = handlers[name] || []).push(handler);
  }

  function emit(name, data) {
    for (const handler of handlers[name] || []) handler(data);
  }

  // A page the browser keeps after the user leaves it (the back/forward cache) would hold its
  // stream open, one of the six connections a browser gives a host: after a few visits the
  // soundboard's own requests would wait for ever. The stream closes as the page is hidden and
  // opens again if the page comes back.
  window.addEventListener("pagehide", () => {
    if (source) source.close();
    source = null;
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) start();
  });

  function start() {
    if (source || !window.EventSource) return;
    source = new EventSource("/api/events");
    source.onopen = () => emit("open", null);
    source.onerror = () => emit("error", null);
    for (const name of ["pack", "library", "favorites", "scenes", "plays"]) {
      source.addEventListener(name, (event) => {
        let data = null;
        try {
          data = event.data ? JSON.parse(event.data) : null;
        } catch (error) {
          data = null;
        }
        emit(name, data);
      });
    }
  }

  return { on, start };
})();
