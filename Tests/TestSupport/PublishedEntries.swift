import Foundation
import Gzip

/// The packs (with their items) and music entries of a published folder as JSON objects,
/// whichever schema catalog.json has: the seed's arrays (schema 1) or the shards' lines (schema 2).
///
/// ```swift
/// let packs = try PublishedEntries.packs(in: dist)   // [["id": …, "items": [...]], …]
/// ```
public enum PublishedEntries {
    public static func packs(in dist: String) throws -> [[String: Any]] { try entries(in: dist, "packs") }

    public static func music(in dist: String) throws -> [[String: Any]] { try entries(in: dist, "music") }

    private static func entries(in dist: String, _ key: String) throws -> [[String: Any]] {
        let catalog = try object(Data(contentsOf: URL(fileURLWithPath: "\(dist)/catalog.json")))
        if catalog["schemaVersion"] as? Int == 2 {
            let index = try object(try unpacked(dist, reference(catalog["index"])))
            let shards = (index[key == "packs" ? "packShards" : "musicShards"] as? [[String: Any]]) ?? []
            return try shards.flatMap { shard in
                try unpacked(dist, reference(shard)).split(separator: 0x0A).map { try object(Data($0)) }
            }
        }
        let seed = try object(Data(contentsOf: URL(fileURLWithPath: "\(dist)/\(try reference(catalog["seed"]))")))
        return (seed[key] as? [[String: Any]]) ?? []
    }

    private static func reference(_ value: Any?) throws -> String {
        guard let url = (value as? [String: Any])?["url"] as? String else { throw CocoaError(.fileReadCorruptFile) }
        return url
    }

    private static func unpacked(_ dist: String, _ url: String) throws -> Data {
        try Gzip.decompress(Data(contentsOf: URL(fileURLWithPath: "\(dist)/\(url)")), limit: 1 << 28)
    }

    private static func object(_ data: Data) throws -> [String: Any] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CocoaError(.fileReadCorruptFile)
        }
        return object
    }
}
