import Foundation

/// Builds tar files with Python's `tarfile` (independently of libarchive), including entries no
/// honest packer writes: `..` names, absolute paths, links, unknown names, lying sizes.
enum HostileArchive {
    struct Entry: Encodable {
        var name: String
        /// "file" or "symlink".
        var kind = "file"
        /// Body bytes, base64.
        var data = ""
        var target: String? = nil
    }

    static func file(_ name: String, _ bytes: Data) -> Entry { Entry(name: name, data: bytes.base64EncodedString()) }

    static let script = #"""
    import base64, json, sys, tarfile
    out_path, spec_path = sys.argv[1], sys.argv[2]
    with tarfile.open(out_path, 'w', format=tarfile.PAX_FORMAT) as tar:
        for e in json.load(open(spec_path)):
            info = tarfile.TarInfo(e['name'])
            info.mtime, info.mode = 0, 0o644
            data = base64.b64decode(e.get('data', ''))
            if e.get('kind') == 'symlink':
                info.type, info.linkname, info.size = tarfile.SYMTYPE, e['target'], 0
                tar.addfile(info)
            else:
                info.size = len(data)
                import io
                tar.addfile(info, io.BytesIO(data))
    """#

    static func build(_ entries: [Entry], at url: URL) throws {
        let folder = url.deletingLastPathComponent()
        let scriptURL = folder.appendingPathComponent("make_tar.py")
        let specURL = folder.appendingPathComponent("spec.json")
        try script.write(to: scriptURL, atomically: true, encoding: .utf8)
        try JSONEncoder().encode(entries).write(to: specURL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", scriptURL.path, url.path, specURL.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw FixtureError("python3 could not build \(url.path)") }
    }
}
