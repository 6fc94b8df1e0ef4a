// Packs: install and uninstall, with a progress bar fed by the server's `pack` events.
import { el } from "./dom.js";
import { api } from "./api.js";
import { fail, requestRefresh, say } from "./notice.js";

export const packs = (() => {
  const state = { packs: [], busy: new Set(), asking: null, sizes: new Map() };
  const kindNames = { music: "Music", atmosphere: "Atmosphere", sfx: "Effects" };
  const stateNames = {
    not_downloaded: "Not installed",
    downloading: "Installing…",
    downloaded: "Installed",
    failed: "Failed",
    offloaded: "Offloaded to save space",
  };

  function bytes(count) {
    if (typeof count !== "number" || !isFinite(count)) return "";
    const units = ["B", "KB", "MB", "GB"];
    let value = count;
    let unit = 0;
    while (value >= 1000 && unit < units.length - 1) {
      value /= 1000;
      unit += 1;
    }
    return `${value.toFixed(unit === 0 || value >= 100 ? 0 : 1)} ${units[unit]}`;
  }

  async function load() {
    const list = document.getElementById("packs");
    try {
      const [result, sizes] = await Promise.all([api.packs(), api.packSizes().catch(() => ({ packs: [] }))]);
      state.packs = result.packs || [];
      state.sizes = new Map((sizes.packs || []).map((pack) => [pack.id, pack.archiveBytes]));
      render();
    } catch (error) {
      list.replaceChildren(el("li", { class: "empty error", text: error.message }));
    }
  }

  function render() {
    const list = document.getElementById("packs");
    list.replaceChildren();
    if (state.packs.length === 0) {
      list.append(el("li", { class: "empty", text: "No packs yet: sync a catalog with “client sync”." }));
      return;
    }
    if (!state.packs.some((pack) => pack.state === "downloaded" || pack.kind === "music")) {
      list.append(el("li", { class: "hint", text: "Nothing installed yet — install a pack to play its sounds." }));
    }
    for (const pack of state.packs) list.append(card(pack));
  }

  // The bytes a pack takes (or will fetch): the server's figure once it knows one, else none.
  function size(pack) {
    for (const key of ["bytesTotal", "bytes", "size"]) {
      if (typeof pack[key] === "number" && pack[key] > 0) return pack[key];
    }
    return 0;
  }

  function progressText(pack, total, done, percent) {
    if (pack.phase === "installing") return "Verifying and moving into place…";
    if (!total) return "Starting…"; // the size comes with the first progress event
    return `${percent}% · ${bytes(done)} of ${bytes(total)}`;
  }

  function actionButton(pack, installing, installed) {
    if (pack.kind === "music") return null;
    if (installed) {
      return el("button", {
        type: "button",
        class: "btn",
        "data-uninstall": pack.id,
        disabled: installing,
        onclick: () => askUninstall(pack),
        text: "Uninstall",
      });
    }
    return el("button", {
      type: "button",
      class: "btn primary",
      "data-install": pack.id,
      disabled: installing,
      onclick: () => run(pack, "install"),
      text: pack.state === "failed" ? "Retry install" : pack.state === "offloaded" ? "Bring back" : "Install",
    });
  }

  function card(pack) {
    const installing = pack.state === "downloading" || state.busy.has(pack.id);
    const installed = pack.state === "downloaded" && !installing;
    const total = size(pack);
    const done = Math.min(pack.bytesDownloaded || 0, total);
    const percent = total > 0 ? Math.floor((done / total) * 100) : 0;
    // While the size is unknown the bar is indeterminate (no value), not a bar at 0.
    const bar = el("progress", {
      max: "100",
      value: total > 0 && pack.phase !== "installing" ? String(percent) : null,
      "aria-label": `${pack.title}: ${total > 0 ? `${percent}%` : "starting"}`,
    });
    const archive = state.sizes.get(pack.id);
    const sizeText = total
      ? bytes(total)
      : installed || installing
        ? ""
        : typeof archive === "number" && archive > 0
          ? `${bytes(archive)} to download`
          : "size shown once it starts";
    return el(
      "li",
      { class: `pack state-${pack.state}`, "data-pack": pack.id, "data-state": pack.state },
      el(
        "div",
        { class: "pack-text" },
        el("span", { class: "title", text: pack.title }),
        el("span", {
          class: "meta",
          text: [kindNames[pack.kind] || pack.kind, `version ${pack.version}`, pack.kind === "music" ? "" : sizeText]
            .filter(Boolean)
            .join(" · "),
        }),
        pack.lastError && pack.state === "failed" ? el("span", { class: "error", text: pack.lastError }) : null,
      ),
      // The bar only while installing: an installed pack says so once, in its state.
      el(
        "div",
        { class: "pack-progress", hidden: !installing },
        bar,
        el("span", { class: "percent", text: installing ? progressText(pack, total, done, percent) : "" }),
      ),
      el("span", { class: "state", text: installing ? "Installing…" : stateNames[pack.state] || pack.state }),
      state.asking === pack.id ? confirmation(pack, total) : actionButton(pack, installing, installed),
    );
  }

  // Uninstall asks first, in the card: what it frees, and that the sounds stay listed.
  function confirmation(pack, total) {
    const cancel = () => {
      state.asking = null;
      redraw(pack, `[data-uninstall="${CSS.escape(pack.id)}"]`);
    };
    return el(
      "div",
      {
        class: "pack-confirm",
        role: "alertdialog",
        "aria-label": `Uninstall ${pack.title}?`,
        onkeydown: (event) => event.key === "Escape" && cancel(),
      },
      el("p", {
        text: `Uninstall “${pack.title}”? ${total ? `This frees ${bytes(total)}.` : "This frees its files."}`
          + " Its sounds stay listed; install it again to play them.",
      }),
      el("button", {
        type: "button",
        class: "btn danger",
        "data-confirm-uninstall": pack.id,
        onclick: () => {
          state.asking = null;
          run(pack, "uninstall");
        },
        text: "Uninstall",
      }),
      el("button", { type: "button", class: "btn", "data-cancel-uninstall": pack.id, onclick: cancel, text: "Cancel" }),
    );
  }

  function askUninstall(pack) {
    state.asking = pack.id;
    redraw(pack, `[data-cancel-uninstall="${CSS.escape(pack.id)}"]`);
  }

  function redraw(pack, focus) {
    const node = document.querySelector(`[data-pack="${CSS.escape(pack.id)}"]`);
    if (node) node.replaceWith(card(pack));
    const target = focus && document.querySelector(focus);
    if (target) target.focus();
  }

  async function run(pack, what) {
    state.busy.add(pack.id);
    if (what === "install") {
      pack.state = "downloading";
      pack.phase = null;
      pack.bytesDownloaded = 0;
    }
    render();
    try {
      if (what === "install") await api.install(pack.id);
      else await api.uninstall(pack.id);
      say(`${what === "install" ? "Installed" : "Uninstalled"} “${pack.title}”`);
    } catch (error) {
      fail(error.message);
    } finally {
      state.busy.delete(pack.id);
      await load();
      requestRefresh("library");
    }
  }

  // A `pack` event: the pack's state and progress while it installs.
  function update(data) {
    if (!data) return load();
    const id = data.packId || data.id;
    const pack = state.packs.find((one) => one.id === id);
    if (!pack) return load();
    for (const key of ["state", "phase", "bytesTotal", "bytesDownloaded", "installedVersion", "lastError"]) {
      if (key in data) pack[key] = data[key];
    }
    if (data.phase === "failed" && data.message) pack.lastError = data.message;
    const node = document.querySelector(`[data-pack="${CSS.escape(id)}"]`);
    if (node) node.replaceWith(card(pack));
    else render();
    if (["downloaded", "not_downloaded", "offloaded"].includes(data.state)) requestRefresh("library");
  }

  /// Installs the pack `packID` (a row's or an item's "Install pack"), as its card's Install does.
  async function install(packID) {
    if (!state.packs.some((one) => one.id === packID)) await load();
    const pack = state.packs.find((one) => one.id === packID);
    if (!pack) throw new Error(`The pack ${packID} is not in the library.`);
    await run(pack, "install");
    return state.packs.find((one) => one.id === packID);
  }

  return { load, update, install, state };
})();
