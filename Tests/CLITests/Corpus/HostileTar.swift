import Foundation

/// Builds tar files libarchive's writer refuses to make (`..`, absolute paths, links,
/// oversized entries), with Python's tarfile module.
enum HostileTar {
    static func write(_ entries: [CorpusCase.TarEntry], manifest: [String: Any], assetsFolder: String, to path: String) throws {
        let assets = (manifest["assets"] as? [[String: Any]]) ?? []
        var specs: [[String: Any]] = []
        for e in entries {
            let type = e.type ?? "file"
            var spec: [String: Any] = ["name": e.name, "type": type]
            if let t = e.target { spec["target"] = t }
            if type == "file" {
                let source = assets[e.from ?? 0]
                let file = "\(assetsFolder)/\(source["url"] as! String)"
                var data = try Data(contentsOf: URL(fileURLWithPath: file))
                if let size = e.size { data = size <= data.count ? data.prefix(size) : data + Data(count: size - data.count) }
                let tmp = path + ".\(specs.count).data"
                try data.write(to: URL(fileURLWithPath: tmp))
                spec["data"] = tmp
            }
            specs.append(spec)
        }
        try run("""
        import json, sys, tarfile, io, os
        specs = json.load(open(sys.argv[1]))
        with tarfile.open(sys.argv[2], "w", format=tarfile.PAX_FORMAT) as t:
            for s in specs:
                i = tarfile.TarInfo(s["name"]); i.mtime = 0; i.mode = 0o644
                if s["type"] == "file":
                    d = open(s["data"], "rb").read(); os.remove(s["data"]); i.size = len(d); t.addfile(i, io.BytesIO(d))
                elif s["type"] == "symlink": i.type = tarfile.SYMTYPE; i.linkname = s["target"]; t.addfile(i)
                elif s["type"] == "hardlink": i.type = tarfile.LNKTYPE; i.linkname = s["target"]; t.addfile(i)
                else: i.type = tarfile.DIRTYPE; t.addfile(i)
        """, spec: specs, output: path)
    }

    static func writeTiny(_ count: Int, to path: String) throws {
        try run("""
        import sys, tarfile, io
        with tarfile.open(sys.argv[2], "w", format=tarfile.USTAR_FORMAT) as t:
            for n in range(int(open(sys.argv[1]).read())):
                i = tarfile.TarInfo("tiny-%06d.bin" % n); i.size = 0; i.mtime = 0; t.addfile(i, io.BytesIO(b""))
        """, spec: count, output: path)
    }

    private static func run(_ script: String, spec: Any, output: String) throws {
        let specPath = output + ".spec.json"
        try JSONSerialization.data(withJSONObject: spec, options: [.fragmentsAllowed]).write(to: URL(fileURLWithPath: specPath))
        defer { try? FileManager.default.removeItem(atPath: specPath) }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, specPath, output]
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: output]) }
    }
}
