// What the soundboard learns of an item beyond its list row: its `show` JSON, fetched once per
// item and kept until a sync or an install may have changed it. No DOM code.
import { api } from "./api.js";

/// One item's kind as a row or its details name it.
export const kindNames = Object.freeze({ music: "Music", atmosphere: "Atmosphere", sfx: "Effect" });

const details = new Map(); // itemID → {value, promise} of the item's `show` JSON

/// The item's list row completed by its details (the details' own figures win over the row's nulls).
export function detail(item) {
  if (!details.has(item.id)) {
    const asking = api.item(item.id).catch(() => ({}));
    const holder = { value: null, promise: asking.then((value) => (holder.value = value)) };
    details.set(item.id, holder);
  }
  return details.get(item.id).promise.then((value) => Object.assign({}, value, item, dropNulls(value)));
}

/// The details already fetched for `itemID`, or null.
export const knownDetail = (itemID) => details.get(itemID)?.value ?? null;

/// Forgets what was learned of items' details (after a sync or an install they may have changed).
export function forgetDetails() {
  details.clear();
}

/// How many takes an item has (its details' list, or its row's count).
export function takeCount(item) {
  if (Array.isArray(item.takes)) return item.takes.length;
  return Number.isInteger(item.takes) && item.takes > 0 ? item.takes : 1;
}

const dropNulls = (value) => Object.fromEntries(Object.entries(value || {}).filter(([, v]) => v !== null));
