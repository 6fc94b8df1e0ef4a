// The listen-along `start` event, defined once: what the owner's page sends when a layer starts
// (player.js) and what a player's page plays (listen-follower.js). The server relays exactly the
// fields it knows (ListenEvent in Swift); ListenEventShapeTests reads `startFields` below and fails
// when the page would send a field the server drops.

/// The fields of a `start` event, in the order they are written.
export const startFields = [
  "type", "layer", "item", "title", "take", "kind", "gain", "cents", "volume", "fade", "loop", "sampleRate",
  "duration", "takes", "at",
];

/// A `start` event of `fields`: only the fields above, without those left undefined.
export function startEvent(fields) {
  const event = { type: "start" };
  for (const name of startFields) {
    if (name !== "type" && fields[name] !== undefined) event[name] = fields[name];
  }
  return event;
}
