import Foundation
import LibraryJSON

/// The encoded JSON of recent answers, by query: when a query's fresh value equals the one cached,
/// the cached bytes are sent again instead of encoding the same value twice (the encoder, with
/// sorted keys and pretty printing, costs more than counting facets). Equal values give equal bytes,
/// so the answer is exactly what encoding would give. Bounded: emptied when it holds `limit` queries.
final class EncodedResponseCache<Value: Equatable & Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: (value: Value, data: Data)] = [:]
    private let limit: Int

    init(limit: Int = 512) { self.limit = limit }

    /// The JSON of `json(value)` for `key`, from the cache when `value` is the one cached.
    func data<JSON: Encodable>(for key: String, value: Value, _ json: (Value) -> JSON) throws -> Data {
        if let hit = lock.withLock({ entries[key] }), hit.value == value { return hit.data }
        let data = try LibraryJSON.encode(json(value))
        lock.withLock {
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = (value, data)
        }
        return data
    }
}
