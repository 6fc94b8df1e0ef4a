// The Players panel (a dialog): makes a listen link and shows it with its QR code (qr.js, drawn
// here, nothing fetched), lists the links with the players connected to each, copies and revokes them,
// and says when phones cannot open them (a server on 127.0.0.1), or, with a relay (`client serve
// --relay`), where players listen and whether the server is connected to it.
// GET/POST/DELETE /api/listeners; the list refreshes every 3 s while the panel is open.
import { api } from "./api.js";
import { el } from "./dom.js";
import { fail } from "./notice.js";
import { qrSVG } from "./qr.js";

let timer = null;

// A link on a loopback address opens only on this computer: the panel says so, and how to let phones in.
function loopback(url) {
  try {
    return /^(127\.|localhost$|\[::1\]$)/.test(new URL(url).hostname);
  } catch (error) {
    return false;
  }
}

// A link named by what it is: when it was made and who can open it.
function linkName(link) {
  const made = typeof link.created === "number" ? new Date((link.created + 978307200) * 1000) : null; // since 2001
  const time = made ? made.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) : "";
  let host = "";
  try {
    host = new URL(link.url).host;
  } catch (error) {}
  const reach = loopback(link.url) ? "this computer only" : host;
  return `Listen link${time ? ` from ${time}` : ""}${reach ? ` (${reach})` : ""}`;
}

// Copies `text`; the button says "Copied" (or, when the browser refuses, selects the text to copy by hand).
async function copy(text, button, field) {
  let done = false;
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      done = true;
    }
  } catch (error) {}
  if (!done) {
    const area = field || Object.assign(document.createElement("textarea"), { value: text, readOnly: true });
    if (!field) (button.closest("dialog") || document.body).append(area);
    area.select();
    try {
      done = document.execCommand("copy");
    } catch (error) {}
    if (!field) area.remove();
  }
  const label = button.dataset.label || button.textContent;
  button.dataset.label = label;
  button.textContent = done ? "Copied" : "Select and copy";
  setTimeout(() => (button.textContent = label), 2000);
  if (!done && field) field.select();
}

function show(link) {
  document.getElementById("players-link").hidden = false;
  document.getElementById("players-url").value = link.url;
  document.getElementById("players-qr").innerHTML = qrSVG(link.url, 220);
  const relayed = !document.getElementById("players-relay").hidden;
  document.getElementById("players-reach").hidden = !loopback(link.url) || relayed;
}

async function refresh() {
  let answer;
  try {
    answer = await api.listeners();
  } catch (error) {
    return;
  }
  const list = document.getElementById("players-list");
  const rows = answer.listeners.map((link) =>
    el(
      "li",
      { "data-listener": link.token },
      el("button", {
        type: "button",
        class: "btn link name",
        title: "Show this link and its code",
        onclick: () => show(link),
        text: linkName(link),
      }),
      el("button", {
        type: "button",
        class: "btn",
        "data-copy-link": link.token,
        "aria-label": `Copy the ${linkName(link).replace(/^Listen link/, "listen link")}`,
        onclick: (event) => copy(link.url, event.currentTarget),
        text: "Copy",
      }),
      el("span", {
        class: "players-count",
        text:
          (link.streams === 1 ? "1 player listening" : `${link.streams} players listening`) +
          (link.streams > 0 && typeof link.delay === "number" ? ` · ${link.delay} ms away` : ""),
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
  if (answer.listeners.length && document.getElementById("players-link").hidden) {
    document.getElementById("players-reach").hidden = !answer.listeners.some((link) => loopback(link.url));
  }
  relayLine(answer.relay);
  leadLine(answer.lead);
  list.replaceChildren(...rows);
}

// Players far away hear a start late unless every page starts it a little after the click: the
// lead grows with the slowest player's delay (120 ms on a LAN).
function leadLine(lead) {
  const line = document.getElementById("players-lead");
  line.hidden = !(typeof lead === "number" && lead > 120);
  if (!line.hidden) {
    line.textContent =
      `Sounds start ${Math.round(lead)} ms after your click, so the farthest player hears them in time.`;
  }
}

// With a relay, players anywhere open the links on the relay's address; the line says whether this
// server is connected to it now (links keep working once it is back).
function relayLine(relay) {
  const line = document.getElementById("players-relay");
  line.hidden = !relay;
  if (!relay) return;
  document.getElementById("players-reach").hidden = true;
  let host = relay.url;
  try {
    host = new URL(relay.url).host;
  } catch (error) {}
  line.classList.toggle("reach", !relay.connected);
  line.textContent = relay.connected
    ? `Players anywhere listen through the relay at ${host}: send them a link (in your video call or chat).`
    : `Not connected to the relay at ${host} now${relay.problem ? `: ${relay.problem}` : ""}. ` +
      "Trying again; links work once it is back.";
}

async function revoke(token) {
  try {
    await api.revokeListener(token);
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
  const field = document.getElementById("players-url");
  document
    .getElementById("players-copy")
    .addEventListener("click", (event) => copy(field.value, event.currentTarget, field));
  document.getElementById("players-new").addEventListener("click", async () => {
    try {
      show(await api.addListener());
    } catch (error) {
      fail(error.message);
    }
    refresh();
  });
}
