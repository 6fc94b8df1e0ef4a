// Charts for the week, month, year or all time, with movement against the previous period.
import { el } from "./dom.js";
import { api } from "./api.js";

export const charts = (() => {
  const state = { period: "week" };
  const periodWords = { week: "this week", month: "this month", year: "this year", all: "yet" };
  const arrows = {
    up: { text: "▲", label: "up" },
    down: { text: "▼", label: "down" },
    same: { text: "=", label: "same place" },
    new: { text: "NEW", label: "new entry" },
  };

  function renderTabs() {
    for (const tab of document.querySelectorAll("#period-tabs [role=tab]")) {
      const on = tab.dataset.period === state.period;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
    }
  }

  async function load() {
    renderTabs();
    const box = document.getElementById("chart");
    box.setAttribute("aria-busy", "true");
    try {
      const [chart, stats] = await Promise.all([api.charts(state.period), api.stats()]);
      document.getElementById("stats").textContent =
        `Plays today ${stats.today} · this week ${stats.week} · this month ${stats.month} · all time ${stats.allTime}`;
      render(chart);
    } catch (error) {
      box.replaceChildren(el("p", { class: "empty error", text: error.message }));
    } finally {
      box.removeAttribute("aria-busy");
    }
  }

  function render(chart) {
    const box = document.getElementById("chart");
    box.dataset.period = chart.period;
    const entries = chart.entries || [];
    if (entries.length === 0) {
      box.replaceChildren(
        el(
          "p",
          { class: "empty" },
          `No plays ${periodWords[state.period]} — play something from the `,
          el("a", { href: "#library", text: "Library" }),
          ".",
        ),
      );
      return;
    }
    const body = el("tbody");
    for (const entry of entries) {
      const arrow = arrows[entry.movement] || arrows.new;
      const was = entry.previousRank ? `, was number ${entry.previousRank}` : "";
      body.append(
        el(
          "tr",
          { "data-target": entry.target },
          el("td", { class: "rank", text: String(entry.rank) }),
          el(
            "td",
            { class: `move ${entry.movement}` },
            el("span", { "aria-hidden": "true", text: arrow.text }),
            el("span", { class: "visually-hidden", text: `${arrow.label}${was}` }),
          ),
          el("td", { class: "chart-title", text: entry.title || entry.target }),
          el("td", { class: "plays", text: String(entry.plays) }),
        ),
      );
    }
    box.replaceChildren(
      el(
        "table",
        { class: "chart" },
        el("caption", { class: "visually-hidden", text: `Most played ${periodWords[state.period]}` }),
        el(
          "thead",
          {},
          el(
            "tr",
            {},
            el("th", { scope: "col", text: "#" }),
            el("th", { scope: "col", text: "" }),
            el("th", { scope: "col", text: "Title" }),
            el("th", { scope: "col", class: "plays", text: "Plays" }),
          ),
        ),
        body,
      ),
    );
  }

  function init() {
    const tabs = document.getElementById("period-tabs");
    tabs.addEventListener("click", (event) => {
      const tab = event.target.closest("[role=tab]");
      if (!tab) return;
      state.period = tab.dataset.period;
      load();
    });
    tabs.addEventListener("keydown", (event) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      const all = [...tabs.querySelectorAll("[role=tab]")];
      const index = all.findIndex((tab) => tab.dataset.period === state.period);
      const next = all[(index + (event.key === "ArrowRight" ? 1 : all.length - 1)) % all.length];
      state.period = next.dataset.period;
      load();
      next.focus();
    });
  }

  return { init, load, state };
})();
