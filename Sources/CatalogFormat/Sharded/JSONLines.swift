import Foundation

/// The lines of a JSON-lines document (a shard, a delta, a spool file), found with `memchr`.
/// `Data.split(separator:)` tests byte by byte through a closure, with an exclusivity check per
/// byte: putting a million items' shards back together spent most of its time there.
///
/// ```swift
/// try JSONLines.forEach(in: shard) { line in try handle(line) }   // each non-empty line, no copy
/// ```
package enum JSONLines {
    /// Each non-empty line of `data` (without its newline), as a slice of it.
    package static func forEach(in data: Data, _ body: (Data) throws -> Void) rethrows {
        var start = data.startIndex
        while start < data.endIndex {
            let end = data.withUnsafeBytes { raw -> Int in
                let from = start - data.startIndex
                guard let base = raw.baseAddress, let found = memchr(base + from, 0x0A, raw.count - from) else {
                    return data.endIndex
                }
                return data.startIndex + base.distance(to: UnsafeRawPointer(found))
            }
            if end > start { try body(data[start..<end]) }
            start = end + 1
        }
    }

    /// Every non-empty line of `data`, each a slice of it.
    package static func lines(of data: Data) -> [Data] {
        var result: [Data] = []
        forEach(in: data) { result.append($0) }
        return result
    }
}
