// Credits: who to credit for every sound, grouped by license (GET /api/credits, the same data
// as `client credits`), and the "NC" mark on rows of items whose license forbids commercial use.
import { api, events } from "./api.js";
import { el } from "./dom.js";

// One credit as the list shows it: name, (role), URL.
const creditText = (c) => [c.name, c.role && `(${c.role})`, c.url].filter(Boolean).join(" ");

export const credits = (() => {
  const nonCommercial = new Set();

  async function fetchCredits(installed = false) {
    const result = await api.credits(installed);
    if (!installed) {
      nonCommercial.clear();
      for (const section of result.licenses || []) {
        if (section.commercialUse === false) for (const item of section.items) nonCommercial.add(item.id);
      }
      markRows();
    }
    return result;
  }

  // The "NC" badge for an item row, or null.
  function badge(item) {
    if (!nonCommercial.has(item.id)) return null;
    return el("span", { class: "nc", title: "Non-commercial use only", text: "NC" });
  }

  // Rows drawn before the credits arrived get their badge now.
  function markRows() {
    for (const row of document.querySelectorAll("li.item[data-item]")) {
      const title = row.querySelector(".title");
      if (title && !row.querySelector(".nc") && nonCommercial.has(row.dataset.item)) {
        title.after(badge({ id: row.dataset.item }));
      }
    }
  }

  async function load() {
    const box = document.getElementById("credits");
    const installed = document.getElementById("credits-installed").checked;
    try {
      const result = await fetchCredits(installed);
      render(result.licenses || []);
      if (installed) await fetchCredits(false);
    } catch (error) {
      box.replaceChildren(el("p", { class: "empty error", text: error.message }));
    }
  }

  function render(sections) {
    const box = document.getElementById("credits");
    if (sections.length === 0) {
      box.replaceChildren(el("p", { class: "empty", text: "No credited sounds." }));
      return;
    }
    box.replaceChildren(
      ...sections.map((section) => {
        const terms = [];
        if (section.attributionRequired) terms.push("attribution required");
        if (section.commercialUse === false) terms.push("non-commercial use only");
        return el(
          "article",
          { class: "credit-license", "data-license": section.license || "" },
          el(
            "h2",
            {},
            section.name,
            section.commercialUse === false
              ? el("span", { class: "nc", text: "NC", title: "Non-commercial use only" })
              : null,
          ),
          el(
            "p",
            { class: "meta" },
            el("code", { text: section.license || "no license" }),
            section.url ? " · " : null,
            section.url ? el("a", { href: section.url, rel: "noopener", text: "license text" }) : null,
            terms.length ? ` · ${terms.join(" · ")}` : null,
          ),
          el(
            "ul",
            { class: "credit-items" },
            ...section.items.map((item) =>
              el(
                "li",
                { "data-item": item.id },
                el("strong", { class: "credit-title", text: item.title }),
                item.credits.length
                  ? el("span", {
                      class: "credit-names",
                      text: ` — ${item.credits.map(creditText).join(", ")}`,
                    })
                  : null,
                item.source ? el("span", { class: "meta", text: ` · source: ${item.source}` }) : null,
              ),
            ),
          ),
        );
      }),
    );
  }

  function init() {
    document.getElementById("credits-installed").addEventListener("change", load);
    fetchCredits().catch(() => {});
    events.on("library", () => fetchCredits().catch(() => {}));
  }

  return { init, load, badge };
})();
