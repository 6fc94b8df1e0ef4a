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

    /// Each non-empty line of `data` decoded as a `T` (the entries of a shard read back): the
    /// first line that does not decode throws, located in `file`.
    ///
    /// ```swift
    /// let music = try JSONLines.decode(Seed.MusicEntry.self, from: plain, file: shard.url)
    /// ```
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data, file: String) throws(Diagnostic) -> [T] {
        var result: [T] = []
        do {
            try forEach(in: data) { line in result.append(try CatalogJSON.decode(T.self, from: line, file: file)) }
        } catch let diagnostic as Diagnostic {
            throw diagnostic
        } catch {
            throw Diagnostic(.error, "\(error)", file: file, path: "$")
        }
        return result
    }

    /// Every non-empty line of `data`, each a slice of it.
    package static func lines(of data: Data) -> [Data] {
        var result: [Data] = []
        forEach(in: data) { result.append($0) }
        return result
    }
}
