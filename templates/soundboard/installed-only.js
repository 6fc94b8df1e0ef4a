// "Installed only": a choice kept in the browser (localStorage "soundshelf.installedOnly") that
// limits the library's lists, chip counts and "N in Effects" to sounds whose pack is installed
// (`installed=1` on /api/items and /api/facets). No DOM code but the checkbox's own binding.
const storageKey = "soundshelf.installedOnly";
let on = localStorage.getItem(storageKey) === "1";

/// Whether only installed sounds are listed.
export const installedOnly = () => on;

/// `params` with `installed: 1` added while the choice is on.
export const scoped = (params) => (on ? Object.assign({}, params, { installed: 1 }) : params);

/// Binds the checkbox `#installed-only`; `changed` runs after each change.
export function initInstalledOnly(changed) {
  const box = document.getElementById("installed-only");
  box.checked = on;
  box.addEventListener("change", () => {
    on = box.checked;
    localStorage.setItem(storageKey, on ? "1" : "0");
    changed();
  });
}
