import Foundation

/// One thing the owner's page plays, as it posts it (`POST /api/listen/events`) and as listeners
/// get it (`event: listen` on `/listen/events`). `at` is the server time (ms, ``ServerClock``) it
/// takes effect; every page maps it into its own audio clock.
/// - `start`: a layer starts: `layer` (its id), `item`, `take`, `kind`, `gain` (dB, the owner's
///   draw and normalization), `cents` (the pitch draw), `volume`, `fade` (s), `loop` (false, true,
///   or `{start, end}` frames), `sampleRate` (of the file), `duration` (s of the file), `takes`
///   (how many the item has, when more than one: players load the others ahead), `title` (what
///   the listen page names it by).
/// - `stop`: `layer` fades out over `fade` s. `volume`: `layer`'s volume. `kind`: the `kind`
///   bus's `volume`. `stopAll`: every layer fades out over `fade` s.
/// - `load`: `files` (`[{item, take}]`, up to ``maxFiles``) may play soon (the owner's open
///   scene): players fetch them ahead, so a first play starts on time. It has no `at`.
package struct ListenEvent: Codable, Sendable, Equatable {
    package var type: String
    package var at: Double?
    package var layer: String?
    package var item: String?
    package var take: Int?
    package var kind: String?
    package var gain: Double?
    package var cents: Double?
    package var volume: Double?
    package var fade: Double?
    package var loop: ListenLoop?
    package var sampleRate: Double?
    package var duration: Double?
    package var takes: Int?
    package var files: [ListenSnapshot.File]?
    /// The item's title, for the listen page's "playing" line.
    package var title: String?
    /// Where the catalog publishes the file and its SHA-256 (a `start` forwarded to a relay, for a
    /// library synced over HTTP(S)): a player's page fetches it there and checks it before decoding.
    package var url: String?
    package var sha256: String?
    /// The server time (ms) the server got the event from the owner's page (set by the server): a
    /// player's page measures how long events take to reach it from there.
    package var posted: Double?

    package init(type: String, at: Double? = nil, layer: String? = nil, item: String? = nil) {
        self.type = type
        self.at = at
        self.layer = layer
        self.item = item
    }

    static let types = ["start", "stop", "volume", "kind", "stopAll", "load"]
    /// The most files one `load` event may name.
    static let maxFiles = 64

    /// Why the owner's page cannot send this event (a sentence naming the field), or nil.
    package var problem: String? {
        if let title, title.count > 300 { return "title: longer than 300 characters" }
        if let problem = Self.problem(url: url, sha256: sha256) { return problem }
        if let file = files?.first(where: { Self.problem(url: $0.url, sha256: $0.sha256) != nil }) {
            return "files: '\(file.item)': " + (Self.problem(url: file.url, sha256: file.sha256) ?? "")
        }
        guard Self.types.contains(type) else {
            return "type: '\(type)' is not an event listeners play; use one of \(Self.types.joined(separator: ", "))"
        }
        if ["start", "stop", "volume"].contains(type), (layer ?? "").isEmpty {
            return "layer: a '\(type)' event names the layer it changes"
        }
        if type == "start" {
            guard let item, AudioRoutes.isPlainID(item) else { return "item: a 'start' event names the item's id" }
            guard at?.isFinite == true else { return "at: a 'start' event gives the server time it starts (ms)" }
            if let take, take < 0 { return "take: takes are numbered 0, 1, 2…" }
        }
        if type == "kind", (kind ?? "").isEmpty { return "kind: a 'kind' event names the kind whose volume changes" }
        if let takes, takes < 1 { return "takes: an item has 1 take or more" }
        if type == "load" {
            guard let files, !files.isEmpty, files.count <= Self.maxFiles else {
                return "files: a 'load' event names 1 to \(Self.maxFiles) files as [{\"item\", \"take\"}]"
            }
            if let file = files.first(where: { !AudioRoutes.isPlainID($0.item) || $0.take < 0 }) {
                return "files: '\(file.item)' take \(file.take) is not an item's id and take (0, 1, 2…)"
            }
        }
        if ["volume", "kind"].contains(type), !(volume.map { $0.isFinite && $0 >= 0 } ?? false) {
            return "volume: a '\(type)' event gives a volume of 0 or more"
        }
        if let fade, !(fade.isFinite && fade >= 0) { return "fade: seconds, 0 or more" }
        return nil
    }

    /// Why a published file's `url` and `sha256` cannot be used (both or neither; an absolute
    /// `http(s)` URL of at most 2,048 characters; 64 lowercase hex digits), or nil.
    static func problem(url: String?, sha256: String?) -> String? {
        guard url != nil || sha256 != nil else { return nil }
        guard let url, let sha256 else { return "url and sha256: a published file gives both" }
        guard url.count <= 2048, let parsed = URL(string: url), ["http", "https"].contains(parsed.scheme ?? ""),
            parsed.host?.isEmpty == false
        else { return "url: an absolute http(s) URL of at most 2048 characters" }
        guard sha256.count == 64, sha256.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            return "sha256: 64 lowercase hex digits"
        }
        return nil
    }

    /// The server time (ms) a one-shot layer ends (its file's length at its pitch), nil for a loop
    /// or when the length is unknown.
    var naturalEnd: Double? {
        guard type == "start", let at, let duration, !(loop?.loops ?? false) else { return nil }
        return at + duration * 1000 / pow(2, (cents ?? 0) / 1200)
    }
}

/// A layer's loop: false (plays once), true (the whole file) or loop points in frames.
package enum ListenLoop: Codable, Sendable, Equatable {
    case whole(Bool)
    case points(start: Int, end: Int)

    var loops: Bool {
        if case .whole(let on) = self { return on }
        return true
    }

    private enum Keys: String, CodingKey { case start, end }

    package init(from decoder: any Decoder) throws {
        if let on = try? decoder.singleValueContainer().decode(Bool.self) {
            self = .whole(on)
            return
        }
        let points = try decoder.container(keyedBy: Keys.self)
        self = .points(
            start: try points.decode(Int.self, forKey: .start), end: try points.decode(Int.self, forKey: .end))
    }

    package func encode(to encoder: any Encoder) throws {
        switch self {
        case .whole(let on):
            var value = encoder.singleValueContainer()
            try value.encode(on)
        case .points(let start, let end):
            var points = encoder.container(keyedBy: Keys.self)
            try points.encode(start, forKey: .start)
            try points.encode(end, forKey: .end)
        }
    }
}

/// The server's clock for listening along: milliseconds (fractional) on a monotonic clock. Pages
/// estimate their offset from it with NTP-style round trips (`GET /api/clock`).
package enum ServerClock {
    package static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1_000_000
    }
}
