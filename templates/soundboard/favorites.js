// Favorites: the starred items, newest first.
"use strict";

SS.favorites = (() => {
  const { el } = SS.items;

  async function load() {
    const list = document.getElementById("favorite-items");
    try {
      const page = await SS.api.favorites({ limit: 200 });
      const total = page.total;
      document.getElementById("favorites-summary").textContent =
        total === 0 ? "" : `${total} favorite${total === 1 ? "" : "s"}`;
      SS.items.fill(list, page.items, "No favorites yet — press ☆ beside a sound in the Library.", true);
    } catch (error) {
      list.replaceChildren(el("li", { class: "empty error", text: error.message }));
    }
  }

  return { load };
})();
