// The item details dialog, opened from an item's title: what the library knows of one sound — its
// tags, pack, license and credits, loudness and the gain it plays at, takes, loop, UCS category
// and waveform (GET /api/items/{id}, the same data as `client show`).
import { api } from "./api.js";
import { el, duration } from "./dom.js";
import { detail, kindNames } from "./item-details.js";
import { itemGain } from "./loudness.js";
import { installButton } from "./pack-install.js";
import * as player from "./player.js";
import { settings } from "./settings.js";
import { appleMusicLink } from "./tracks.js";
import { waveform } from "./waveform.js";

const availabilityText = {
  available: "Installed",
  notDownloaded: "Not installed: install its pack to play it",
  offloaded: "Offloaded to save space: bring its pack back to play it",
  fileMissing: "Its file is missing: repair its pack",
  appleMusic: "Plays through Apple Music",
};

/// "creatureTypes" → "Creature types": a tag dimension's key as a heading (dimensions are data).
export function dimensionName(key) {
  const words = String(key).replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const decibels = (value) => `${value > 0 ? "+" : value < 0 ? "−" : ""}${Math.abs(value).toFixed(1)}`;

/// The loudness line of `figures` ({integrated, momentaryMax, truePeak, range}), or null.
export function loudnessText(figures) {
  if (!figures || typeof figures !== "object") return null;
  const parts = [];
  if (typeof figures.integrated === "number") parts.push(`${decibels(figures.integrated)} LUFS integrated`);
  if (typeof figures.momentaryMax === "number") parts.push(`loudest moment ${decibels(figures.momentaryMax)} LUFS`);
  if (typeof figures.truePeak === "number") parts.push(`true peak ${decibels(figures.truePeak)} dBTP`);
  if (typeof figures.range === "number") parts.push(`range ${figures.range.toFixed(1)} LU`);
  return parts.length ? parts.join(" · ") : null;
}

function field(name, ...content) {
  const shown = content.filter((part) => part !== null && part !== undefined && part !== "");
  if (shown.length === 0) return null;
  return el("div", { class: "detail-field" }, el("dt", { text: name }), el("dd", {}, ...shown));
}

function tagFields(tags) {
  return Object.entries(tags || {})
    .filter(([, values]) => Array.isArray(values) && values.length > 0)
    .map(([key, values]) =>
      field(
        dimensionName(key),
        el("span", { class: "detail-tags" }, ...values.map((v) => el("span", { class: "tag", text: v.name }))),
      ),
    );
}

function creditLine(credit) {
  const name = credit.url
    ? el("a", { href: credit.url, rel: "noopener noreferrer", target: "_blank", text: credit.name })
    : el("span", { text: credit.name });
  return el("li", {}, name, credit.role ? ` (${credit.role})` : null);
}

function takesList(full) {
  if (!Array.isArray(full.takes) || full.takes.length < 2) return null;
  return el(
    "ol",
    { class: "detail-takes" },
    ...full.takes.map((take) =>
      el(
        "li",
        {},
        `Take ${take.take + 1}`,
        take.duration ? ` · ${duration(take.duration)}` : null,
        take.loudness && typeof take.loudness.integrated === "number"
          ? ` · ${decibels(take.loudness.integrated)} LUFS`
          : null,
      ),
    ),
  );
}

async function packLine(full) {
  if (!full.packId) return null;
  const answer = await api.packs().catch(() => ({ packs: [] }));
  const pack = (answer.packs || []).find((p) => p.id === full.packId);
  if (!pack) return el("span", { text: full.packId });
  const line = el("span", { class: "detail-pack" }, el("span", { text: pack.title }));
  if (full.kind !== "music" && full.availability !== "available" && pack.state !== "downloading") {
    const button = installButton(pack.id, pack.state === "offloaded" ? "Bring back" : "Install pack");
    line.append(" ", button);
  }
  return line;
}

async function render(full, body) {
  const targets = settings().targets;
  const figures = loudnessText(full.loudness);
  const gain = full.loudness || typeof full.gain === "number" ? itemGain(full, null, targets) : null;
  const credits = Array.isArray(full.credits) && full.credits.length
    ? el("ul", { class: "detail-credits" }, ...full.credits.map(creditLine))
    : null;
  const ucs = typeof full.ucs === "string" && full.ucs ? el("code", { text: full.ucs }) : null;
  const parts = [
    el(
      "p",
      { class: "meta" },
      [kindNames[full.kind] || full.kind, duration(full.duration)].filter(Boolean).join(" · "),
    ),
    full.subtitle ? el("p", { class: "sub", text: full.subtitle }) : null,
    waveform(full.peaks, { bars: 96, label: `Waveform of ${full.title}` }),
    el(
      "dl",
      { class: "details" },
      field("Availability", availabilityText[full.availability] || full.availability),
      field("Pack", await packLine(full)),
      ...tagFields(full.tags),
      field("License", full.license ? el("code", { text: full.license }) : "none stated"),
      field("Credits", credits),
      field("Source", full.source),
      field("Loudness", figures),
      field(
        "Plays at",
        gain === null
          ? null
          : `${decibels(gain)} dB (toward your ${full.kind === "sfx" ? "effects" : "atmosphere"} target)`,
      ),
      field("Loop", full.loopable ? "Loops seamlessly" : null),
      field("Takes", takesList(full)),
      field("UCS category", ucs),
    ),
    full.kind === "music" ? appleMusicLink(full) : null,
  ];
  body.replaceChildren(...parts.filter(Boolean)); // replaceChildren would write a null as "null"
}

/// Opens the details of `item` (a list row: at least its id and title).
export async function showItem(item) {
  const dialog = document.getElementById("item-dialog");
  const body = document.getElementById("item-body");
  document.getElementById("item-title").textContent = item.title;
  const play = document.getElementById("item-play");
  play.hidden = !player.canPlay(item);
  play.onclick = () => player.toggle(item);
  body.replaceChildren(el("p", { class: "summary", text: "Loading…" }));
  if (!dialog.open) dialog.showModal();
  try {
    const full = await detail(item);
    if (!full || full.id !== item.id || !full.kind) throw new Error(`No details for “${item.title}”.`);
    await render(full, body);
  } catch (error) {
    body.replaceChildren(el("p", { class: "empty error", text: error.message }));
  }
}
