// The Players panel (a dialog): makes a listen link and shows it with its QR code (qr.js, drawn
// here, nothing fetched), lists the links with the players connected to each, and revokes them.
// GET/POST/DELETE /api/listeners; the list refreshes every 3 s while the panel is open.
import { el } from "./dom.js";
import { fail } from "./notice.js";
import { qrSVG } from "./qr.js";

let timer = null;

async function call(method, path) {
  const headers = { Accept: "application/json" };
  if (method !== "GET") headers["X-Soundshelf"] = "1";
  const response = await fetch(path, { method, headers });
  const json = await response.json().catch(() => null);
  if (!response.ok) throw new Error((json && json.error) || `${method} ${path} failed (HTTP ${response.status})`);
  return json;
}

function show(link) {
  document.getElementById("players-link").hidden = false;
  document.getElementById("players-url").value = link.url;
  document.getElementById("players-qr").innerHTML = qrSVG(link.url, 220);
}

async function refresh() {
  let answer;
  try {
    answer = await call("GET", "/api/listeners");
  } catch (error) {
    return;
  }
  const list = document.getElementById("players-list");
  const rows = answer.listeners.map((link, index) =>
    el(
      "li",
      { "data-listener": link.token },
      el("button", {
        type: "button",
        class: "btn link",
        title: "Show this link and its code",
        onclick: () => show(link),
        text: `Link ${index + 1}`,
      }),
      el("span", {
        class: "players-count",
        text: link.streams === 1 ? "1 player listening" : `${link.streams} players listening`,
      }),
      el("button", {
        type: "button",
        class: "btn",
        "data-revoke": link.token,
        onclick: () => revoke(link.token),
        text: "Revoke",
      }),
    ),
  );
  if (rows.length === 0) rows.push(el("li", { class: "hint", text: "No listen link yet." }));
  list.replaceChildren(...rows);
}

async function revoke(token) {
  try {
    await call("DELETE", `/api/listeners/${encodeURIComponent(token)}`);
    if (document.getElementById("players-url").value.endsWith(encodeURIComponent(token))) {
      document.getElementById("players-link").hidden = true;
    }
  } catch (error) {
    fail(error.message);
  }
  refresh();
}

export function init() {
  const dialog = document.getElementById("players-dialog");
  document.getElementById("players-button").addEventListener("click", () => {
    refresh();
    dialog.showModal();
    clearInterval(timer);
    timer = setInterval(refresh, 3000);
  });
  dialog.addEventListener("close", () => clearInterval(timer));
  document.getElementById("players-new").addEventListener("click", async () => {
    try {
      show(await call("POST", "/api/listeners"));
    } catch (error) {
      fail(error.message);
    }
    refresh();
  });
}
