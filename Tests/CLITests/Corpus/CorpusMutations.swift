import Crypto
import Foundation
import TestSupport

/// Applies a corpus case's damage to a copied world.
struct CorpusMutations {
    let world: CorpusWorld
    let spec: CorpusCase
    var packSlug: String { spec.pack ?? "dungeon-delve" }

    /// Edits authoring files (relative to the pack folder for `pack`, to the catalog folder otherwise).
    func applySource() throws {
        let base = spec.stage == .pack ? "\(world.catalog)/packs/\(packSlug)" : world.catalog
        for e in spec.edit ?? [] { try DemoCatalog.edit("\(base)/\(e.file)", replacing: e.replace, with: e.with) }
        for (file, text) in spec.write ?? [:] {
            try text.write(toFile: "\(base)/\(file)", atomically: true, encoding: .utf8)
        }
        for (file, cut) in spec.truncate ?? [:] {
            let url = URL(fileURLWithPath: "\(base)/\(file)")
            try Data(contentsOf: url).prefix(cut).write(to: url)
        }
        for (file, target) in spec.symlink ?? [:] {
            try? FileManager.default.removeItem(atPath: "\(base)/\(file)")
            try FileManager.default.createSymbolicLink(atPath: "\(base)/\(file)", withDestinationPath: target)
        }
    }

    /// Damages the published folder; with `rehash`, fixes the hashes above the damage so it
    /// reaches the check behind them.
    func applyDist() throws {
        guard let change = spec.dist else { return }
        var catalog = try readJSON("catalog.json")
        var packs = catalog["packs"] as! [[String: Any]]
        let index = packs.firstIndex { $0["slug"] as? String == packSlug }!
        let manifestURL = (packs[index]["manifest"] as! [String: Any])["url"] as! String
        var manifest = try readJSON(manifestURL)
        let folder = (manifestURL as NSString).deletingLastPathComponent
        if let entries = change.tar {
            let assets = (manifest["assets"] as? [[String: Any]]) ?? []
            let tar = try entries.map { try $0.hostileEntry(assets: assets, assetsFolder: "\(world.dist)/\(folder)") }
            try HostileTar.build(tar, at: "\(world.dist)/\(folder)/pack.tar")
        }
        if let count = change.tinyEntries {
            try HostileTar.build(HostileTar.Spec(tiny: count), at: "\(world.dist)/\(folder)/pack.tar")
        }
        if change.tar != nil || change.tinyEntries != nil {
            let (sha, bytes) = try hash("\(folder)/pack.tar")
            manifest["archive"] = ["url": "pack.tar", "sha256": sha, "bytes": bytes, "format": "pax"]
        }
        for e in change.json ?? [] where e.doc == "manifest" { manifest = JSONPath.apply(e, to: manifest) }
        if let raw = change.raw?["manifest"] {
            try Data(raw.utf8).write(to: url(manifestURL))
        } else {
            try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys]).write(to: url(manifestURL))
        }
        if change.swapManifests == true {
            let other = (index + 1) % packs.count
            let a = packs[index]["manifest"]
            let b = packs[other]["manifest"]
            packs[index]["manifest"] = b
            packs[other]["manifest"] = a
        }
        if change.rehash == true {
            for i in packs.indices {
                var ref = packs[i]["manifest"] as! [String: Any]
                let (sha, bytes) = try hash(ref["url"] as! String)
                ref["sha256"] = sha
                ref["bytes"] = bytes
                packs[i]["manifest"] = ref
                let archive = (try readJSON(ref["url"] as! String))["archive"] as? [String: Any]
                if var entry = packs[i]["archive"] as? [String: Any], let archive {
                    entry["sha256"] = archive["sha256"]
                    entry["bytes"] = archive["bytes"]
                    packs[i]["archive"] = entry
                }
            }
        }
        catalog["packs"] = packs
        try applySeed(change, catalog: &catalog)
        for e in change.json ?? [] where e.doc == "catalog" { catalog = JSONPath.apply(e, to: catalog) }
        if let raw = change.raw?["catalog"] {
            try Data(raw.utf8).write(to: url("catalog.json"))
        } else {
            try JSONSerialization.data(withJSONObject: catalog, options: [.sortedKeys]).write(to: url("catalog.json"))
        }
    }

    private func applySeed(_ change: CorpusCase.DistChange, catalog: inout [String: Any]) throws {
        var ref = catalog["seed"] as! [String: Any]
        let seedURL = ref["url"] as! String
        if change.deleteSeed == true {
            try FileManager.default.removeItem(at: url(seedURL))
            return
        }
        let edits = (change.json ?? []).filter { $0.doc == "seed" }
        guard !edits.isEmpty || change.raw?["seed"] != nil else { return }
        var data: Data
        if let raw = change.raw?["seed"] {
            data = Data(raw.utf8)
        } else {
            var seed = try readJSON(seedURL)
            for e in edits { seed = JSONPath.apply(e, to: seed) }
            data = try JSONSerialization.data(withJSONObject: seed, options: [.sortedKeys])
        }
        if change.rehash == true {
            let sha = SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
            ref = ["url": "seeds/\(sha).json", "sha256": sha, "bytes": data.count]
            catalog["seed"] = ref
            try data.write(to: url("seeds/\(sha).json"))
        } else {
            try data.write(to: url(seedURL))
        }
    }

    private func url(_ relative: String) -> URL { URL(fileURLWithPath: "\(world.dist)/\(relative)") }

    private func readJSON(_ relative: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url(relative))) as! [String: Any]
    }

    private func hash(_ relative: String) throws -> (String, Int) {
        let data = try Data(contentsOf: url(relative))
        return (SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined(), data.count)
    }
}

/// `a.b[2].c` paths into JSONSerialization objects.
enum JSONPath {
    static func apply(_ edit: CorpusCase.JSONEdit, to object: [String: Any]) -> [String: Any] {
        var result: Any = object
        for (path, value) in edit.set ?? [:] { result = set(result, parse(path)[...], value.any) }
        for path in edit.remove ?? [] { result = set(result, parse(path)[...], nil) }
        return result as? [String: Any] ?? object
    }

    static func parse(_ path: String) -> [Any] {
        path.split(separator: ".").flatMap { part -> [Any] in
            let pieces = part.split(separator: "[")
            return [String(pieces[0])] + pieces.dropFirst().compactMap { Int($0.dropLast()) }
        }
    }

    static func set(_ node: Any, _ path: ArraySlice<Any>, _ value: Any?) -> Any {
        guard let head = path.first else { return value ?? NSNull() }
        if let key = head as? String, var dict = node as? [String: Any] {
            if path.count == 1 && value == nil {
                dict[key] = nil
            } else {
                dict[key] = set(dict[key] ?? [:], path.dropFirst(), value)
            }
            return dict
        }
        if let i = head as? Int, var array = node as? [Any], array.indices.contains(i) {
            if path.count == 1 && value == nil {
                array.remove(at: i)
            } else {
                array[i] = set(array[i], path.dropFirst(), value)
            }
            return array
        }
        return node
    }
}
