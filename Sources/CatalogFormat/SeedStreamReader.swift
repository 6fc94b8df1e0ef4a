import Foundation

/// Receives a seed from ``SeedStreamReader`` piece by piece, in document order.
///
/// ```swift
/// struct Counter: SeedStreamHandler {
///     var items = 0
///     mutating func begin(_ header: Seed) throws {}
///     mutating func pack(_ pack: Seed.Pack, index: Int) throws {}
///     mutating func item(_ item: Seed.Item, pack: Int, index: Int) throws { items += 1 }
///     mutating func end(loudness: LoudnessTargets?) throws {}
/// }
/// ```
package protocol SeedStreamHandler {
    /// Everything that comes before the packs: versions, vocabularies and music (`packs` empty).
    mutating func begin(_ header: Seed) throws
    /// A pack's own fields (`items` empty), before its items.
    mutating func pack(_ pack: Seed.Pack, index: Int) throws
    /// One item of pack number `pack`, at `index` in its `items`.
    mutating func item(_ item: Seed.Item, pack: Int, index: Int) throws
    /// After the last pack, with the catalog's loudness targets.
    mutating func end(loudness: LoudnessTargets?) throws
}

/// Why ``SeedStreamReader`` stopped without a verdict on the document.
package enum SeedStreamError: Error, Equatable {
    /// The reader is unsure: invalid JSON, a value it does not accept, or members in an order it
    /// cannot stream (a pack's fields after its `items`, the vocabularies after the packs). The
    /// caller decodes the whole document instead, which also locates any problem.
    case unsure
    /// The file could not be opened or read.
    case unreadable(path: String, errno: Int32)
}

/// Reads a seed file in bounded pieces and hands each item to a ``SeedStreamHandler`` as soon as
/// it is parsed, so memory does not grow with the number of items: a window of at least 1 MiB
/// (larger only for a single value that needs more) slides over the file. Members may come in any
/// order (`catalog publish` sorts keys, so the vocabularies follow the packs and a pack's `items`
/// precede its `kind`): a first pass reads everything but the items (skipped as raw bytes), a
/// second pass streams the items. It accepts exactly what ``SeedFastDecoder`` accepts and throws
/// ``SeedStreamError/unsure`` otherwise — possibly after some items were handed over, so the
/// handler's work must be undoable (a transaction).
///
/// ```swift
/// var counter = Counter()
/// try SeedStreamReader(path: seedPath).read(into: &counter)
/// ```
package final class SeedStreamReader {
    let path: String
    /// Bytes that must be in the window past the cursor before a value is parsed (or the file's end).
    private var ahead: Int
    private var window = SeedStreamWindow()
    private var scanner: JSONByteScanner?

    package init(path: String, ahead: Int = 1 << 20) {
        self.path = path
        self.ahead = max(64, ahead)
    }

    /// Streams the whole document into `handler`.
    package func read<H: SeedStreamHandler>(into handler: inout H) throws {
        var outline = SeedStreamOutline()
        var none: H? = nil
        try pass { try self.readDocument(outline: &outline, handler: &none) }
        guard let header = outline.header else { throw SeedStreamError.unsure }
        try handler.begin(header)
        var streaming: H? = handler
        try pass { try self.readDocument(outline: &outline, handler: &streaming) }
        handler = streaming!
        try handler.end(loudness: outline.loudness)
    }

    private func pass(_ body: () throws -> Void) throws {
        window = SeedStreamWindow()
        try window.open(path)
        defer { window.close() }
        try refill(keeping: 0)
        guard window.count > 0 else { throw SeedStreamError.unsure }
        scanner = JSONByteScanner(window.bytes)
        try body()
    }

    // MARK: Document structure

    /// One pass: with no handler, the outline (all but the items); with one, the items.
    private func readDocument<H: SeedStreamHandler>(outline: inout SeedStreamOutline, handler: inout H?) throws {
        let first = handler == nil
        var firstKey = true
        var seen: UInt64 = 0
        try unit { s throws(JSONByteScanner.Failure) in try s.beginObject() }
        while let key = try unit({ s throws(JSONByteScanner.Failure) in try s.nextKey(.seed, &firstKey, &seen) }) {
            if key == 4 {
                try readPacks(outline: &outline, handler: &handler)
            } else if first {
                try unit { s throws(JSONByteScanner.Failure) in try outline.read(key, &s) }
            } else {
                try skipRaw()
            }
        }
        try unit { s throws(JSONByteScanner.Failure) in try s.finish() }
    }

    private func readPacks<H: SeedStreamHandler>(outline: inout SeedStreamOutline, handler: inout H?) throws {
        try unit { s throws(JSONByteScanner.Failure) in try s.beginArray() }
        var first = true
        var index = 0
        while try unit({ s throws(JSONByteScanner.Failure) in try s.nextElement(&first) }) {
            if handler == nil {
                outline.packs.append(try readPackFields())
            } else {
                guard index < outline.packs.count else { throw SeedStreamError.unsure }
                try readPackItems(outline.packs[index], index, into: &handler)
            }
            index += 1
        }
        outline.havePacks = true
    }

    /// First pass: a pack's own fields, its items skipped.
    private func readPackFields() throws -> Seed.Pack {
        var fields = SeedStreamPackFields()
        var first = true
        var seen: UInt64 = 0
        try unit { s throws(JSONByteScanner.Failure) in try s.beginObject() }
        while let key = try unit({ s throws(JSONByteScanner.Failure) in try s.nextKey(.pack, &first, &seen) }) {
            if key == 8 {
                try skipRaw()
                fields.itemsDone = true
            } else {
                try unit { s throws(JSONByteScanner.Failure) in try fields.read(key, &s) }
            }
        }
        guard fields.itemsDone, let pack = fields.pack else { throw SeedStreamError.unsure }
        return pack
    }

    /// Second pass: the pack (from the outline), then each of its items; other fields skipped.
    private func readPackItems<H: SeedStreamHandler>(_ pack: Seed.Pack, _ packIndex: Int, into handler: inout H?)
        throws
    {
        var first = true
        var seen: UInt64 = 0
        try unit { s throws(JSONByteScanner.Failure) in try s.beginObject() }
        while let key = try unit({ s throws(JSONByteScanner.Failure) in try s.nextKey(.pack, &first, &seen) }) {
            guard key == 8 else {
                try skipRaw()
                continue
            }
            try handler!.pack(pack, index: packIndex)
            try unit { s throws(JSONByteScanner.Failure) in try s.beginArray() }
            var firstItem = true
            var index = 0
            while try unit({ s throws(JSONByteScanner.Failure) in try s.nextElement(&firstItem) }) {
                let item = try unit { s throws(JSONByteScanner.Failure) in try s.item() }
                try handler!.item(item, pack: packIndex, index: index)
                index += 1
            }
        }
    }

    // MARK: The window

    /// Runs `body` on the scanner with at least ``ahead`` bytes (or the rest of the file) in the
    /// window. A value cut by the window's end fails to parse: the scanner goes back to where it
    /// was, the window grows, and `body` runs again; a failure with the whole rest of the file in
    /// the window is the document's, and ends the stream as ``SeedStreamError/unsure``.
    private func unit<T>(_ body: (inout JSONByteScanner) throws(JSONByteScanner.Failure) -> T) throws -> T {
        var need = ahead
        while true {
            try ensure(need)
            guard var current = scanner else { throw SeedStreamError.unsure }
            let saved = current
            do {
                let value = try body(&current)
                scanner = current
                return value
            } catch {
                guard !window.atEnd else { throw SeedStreamError.unsure }
                scanner = saved
                need = max(need, window.count) * 2
            }
        }
    }

    /// Steps over one value without parsing it (strings and brackets only), across as many
    /// windows as it spans: the first pass skips the items this way, the second everything else.
    /// The first pass has already checked what the second skips, and the second checks the items.
    private func skipRaw() throws {
        try ensure(ahead)
        var state = SeedStreamSkip()
        while true {
            guard let position = scanner?.position else { throw SeedStreamError.unsure }
            let stop = window.bytes.withMemoryRebound(to: UInt8.self) { state.scan($0, from: position) }
            if let stop {
                scanner?.rebase(window.bytes, position: stop)
                return
            }
            guard !window.atEnd else { throw SeedStreamError.unsure }
            scanner?.rebase(window.bytes, position: window.count)
            try ensure(ahead)
        }
    }

    /// Makes sure `need` bytes past the cursor are in the window, or the whole rest of the file.
    private func ensure(_ need: Int) throws {
        guard let position = scanner?.position else { return }
        if window.count - position >= need || window.atEnd { return }
        try refill(keeping: position, capacity: need * 2)
        scanner?.rebase(window.bytes, position: 0)
    }

    private func refill(keeping start: Int, capacity: Int? = nil) throws {
        window.discard(upTo: start)
        window.reserve(max(capacity ?? 0, ahead * 2))
        try window.fill()
    }
}
