// Favorites: the starred items, newest first.
import { el } from "./dom.js";
import { api } from "./api.js";
import { items } from "./items.js";

export const favorites = (() => {

  async function load() {
    const list = document.getElementById("favorite-items");
    try {
      const page = await api.favorites({ limit: 200 });
      const total = page.total;
      document.getElementById("favorites-summary").textContent =
        total === 0 ? "" : `${total} favorite${total === 1 ? "" : "s"}`;
      items.fill(list, page.items, "No favorites yet — press ☆ beside a sound in the Library.", true);
    } catch (error) {
      list.replaceChildren(el("li", { class: "empty error", text: error.message }));
    }
  }

  return { load };
})();
