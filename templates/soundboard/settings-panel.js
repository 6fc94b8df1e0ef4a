// The settings panel (a dialog): master volume, a volume per kind, the two loudness targets and
// the fade length. Every change applies at once and is kept in the browser.
import { settings, update, reset, onSettings } from "./settings.js";

const fields = {
  master: (values) => values.master,
  atmosphere: (values) => values.atmosphere,
  sfx: (values) => values.sfx,
  targetAtmosphere: (values) => values.targets.atmosphere,
  targetSfx: (values) => values.targets.sfx,
  fade: (values) => values.fade,
};

function show(values) {
  const form = document.getElementById("settings-form");
  for (const [name, read] of Object.entries(fields)) {
    const input = form.elements[name];
    if (document.activeElement !== input) input.value = String(read(values));
    const output = form.querySelector(`output[for="${input.id}"]`);
    if (output) output.textContent = `${Math.round(read(values) * 100)} %`;
  }
}

function changed(event) {
  const input = event.target;
  const value = Number(input.value);
  if (input.value === "" || !isFinite(value)) return;
  const change = {
    master: { master: value },
    atmosphere: { atmosphere: value },
    sfx: { sfx: value },
    targetAtmosphere: { targets: { atmosphere: value } },
    targetSfx: { targets: { sfx: value } },
    fade: { fade: value },
  }[input.name];
  if (change) update(change);
}

export function init() {
  const dialog = document.getElementById("settings-dialog");
  const form = document.getElementById("settings-form");
  form.addEventListener("input", changed);
  form.addEventListener("change", () => show(settings()));
  document.getElementById("settings-reset").addEventListener("click", () => reset());
  document.getElementById("settings-button").addEventListener("click", () => {
    show(settings());
    dialog.showModal();
  });
  onSettings(show);
  show(settings());
}
