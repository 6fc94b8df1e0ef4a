import CatalogFormat
import Foundation

/// A play-count file read from another player:
/// `{"capturedAt": TIME, "songs": [{"target": "…", "playCount": N}]}`, checked entry by entry
/// with the JSON path of the first problem.
///
/// ```swift
/// let file = try PlayCountFile(data: bytes, name: "counts.json")
/// file.songs[0].playCount   // 12
/// // or, from the system library:
/// let counts = PlayCountFile(capturedAt: Date(), songs: [.init(target: "track:i.abc", playCount: 12, path: "i.abc")])
/// ```
public struct PlayCountFile: Sendable, Hashable {
    /// One target's play count in the other player.
    public struct Song: Sendable, Hashable {
        /// The item id, or `track:<trackId>`.
        public var target: String
        /// The other player's total play count for it.
        public var playCount: Int
        /// Where the entry is (`$.songs[3]`), for messages.
        public var path: String

        /// A song entry; `path` locates it in error messages (`$.songs[3]`).
        public init(target: String, playCount: Int, path: String) {
            self.target = target
            self.playCount = playCount
            self.path = path
        }
    }

    /// When the counts were read from the other player.
    public var capturedAt: Date
    /// The counts per target.
    public var songs: [Song]

    /// A file's content built by an app.
    public init(capturedAt: Date, songs: [Song]) {
        self.capturedAt = capturedAt
        self.songs = songs
    }

    /// Parses and checks `data`; `name` (the file) goes into error messages.
    public init(data: Data, name: String) throws {
        func invalid(_ path: String, _ problem: String) -> ListeningError {
            .invalidImportFile(file: name, path: path, problem: problem)
        }
        let json: JSONValue
        do { json = try JSONDecoder().decode(JSONValue.self, from: data) } catch {
            throw invalid("$", "not valid JSON")
        }
        guard case .object(let root) = json else { throw invalid("$", "not a JSON object") }
        guard case .string(let capturedText)? = root["capturedAt"] else {
            throw invalid("$.capturedAt", "missing or not a string")
        }
        guard let capturedAt = ISO8601.date(capturedText) else {
            throw invalid("$.capturedAt", "'\(capturedText)' is not an ISO-8601 time")
        }
        guard case .array(let songs)? = root["songs"] else { throw invalid("$.songs", "missing or not an array") }
        var seen: [String: String] = [:]
        var parsed: [Song] = []
        for (index, value) in songs.enumerated() {
            let path = "$.songs[\(index)]"
            guard case .object(let song) = value else { throw invalid(path, "not an object") }
            guard case .string(let target)? = song["target"], !target.isEmpty else {
                throw invalid(path + ".target", "missing or not a string")
            }
            guard let count = Self.count(song["playCount"]) else {
                throw invalid(path + ".playCount", "missing or not a whole number of 0 or more")
            }
            let key = CanonicalID.normalized(target)
            if let first = seen[key] {
                throw invalid(path + ".target", "'\(target)' is listed twice (also at \(first))")
            }
            seen[key] = path + ".target"
            parsed.append(Song(target: target, playCount: count, path: path))
        }
        self.init(capturedAt: capturedAt, songs: parsed)
    }

    private static func count(_ value: JSONValue?) -> Int? {
        guard case .number(let double)? = value, double >= 0, double < 1e12, double == double.rounded(.down) else {
            return nil
        }
        return Int(double)
    }
}

/// Any JSON value, decoded strictly (a `true` is never a number), so a file's problems can be
/// reported with their JSON path.
enum JSONValue: Decodable, Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}
