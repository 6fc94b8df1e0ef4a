// "Install pack" where a sound that is not installed is shown (its list row, its details): one
// click installs its pack, as the pack's card in Packs does, and says how it went.
import { el } from "./dom.js";
import { packs } from "./packs.js";

/// A button that installs `packID`; `text` names the action ("Install pack", "Bring back").
export function installButton(packID, text = "Install pack", className = "btn primary") {
  const button = el("button", {
    type: "button",
    class: className,
    "data-install-pack": packID,
    text,
    onclick: async () => {
      button.disabled = true;
      button.textContent = "Installing…";
      const pack = await packs.install(packID).catch(() => null);
      const done = pack && pack.state === "downloaded";
      button.textContent = done ? "Installed" : text;
      button.disabled = done;
    },
  });
  return button;
}
