// Packs: install and uninstall, with a progress bar fed by the server's `pack` events.
import { el } from "./dom.js";
import { api } from "./api.js";
import { fail, requestRefresh, say } from "./notice.js";

export const packs = (() => {
  const state = { packs: [], busy: new Set() };
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
      const result = await api.packs();
      state.packs = result.packs || [];
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

  function card(pack) {
    const installing = pack.state === "downloading" || state.busy.has(pack.id);
    const installed = pack.state === "downloaded";
    const total = pack.bytesTotal || 0;
    const done = Math.min(pack.bytesDownloaded || 0, total);
    const percent = installed ? 100 : total > 0 ? Math.floor((done / total) * 100) : 0;
    const action = installed
      ? el("button", {
          type: "button",
          class: "btn",
          "data-uninstall": pack.id,
          disabled: installing,
          onclick: () => run(pack, "uninstall"),
          text: "Uninstall",
        })
      : el("button", {
          type: "button",
          class: "btn primary",
          "data-install": pack.id,
          disabled: installing,
          onclick: () => run(pack, "install"),
          text: pack.state === "failed" ? "Retry install" : pack.state === "offloaded" ? "Bring back" : "Install",
        });
    const bar = el("progress", {
      max: "100",
      value: String(percent),
      "aria-label": `${pack.title}: ${percent}%`,
    });
    return el(
      "li",
      { class: `pack state-${pack.state}`, "data-pack": pack.id, "data-state": pack.state },
      el(
        "div",
        { class: "pack-text" },
        el("span", { class: "title", text: pack.title }),
        el("span", {
          class: "meta",
          text: [kindNames[pack.kind] || pack.kind, `version ${pack.version}`, total ? bytes(total) : ""]
            .filter(Boolean)
            .join(" · "),
        }),
        pack.lastError && pack.state === "failed" ? el("span", { class: "error", text: pack.lastError }) : null,
      ),
      el(
        "div",
        { class: "pack-progress", hidden: !installing && !installed },
        bar,
        el("span", {
          class: "percent",
          text: installing
            ? pack.phase === "installing"
              ? "Verifying and moving into place…"
              : `${percent}% · ${bytes(done)} of ${bytes(total)}`
            : installed
              ? "Installed"
              : "",
        }),
      ),
      el("span", { class: "state", text: stateNames[pack.state] || pack.state }),
      pack.kind === "music" ? null : action,
    );
  }

  async function run(pack, what) {
    state.busy.add(pack.id);
    if (what === "install") {
      pack.state = "downloading";
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

  return { load, update, state };
})();
