import Foundation

/// Builds tar files with Python's `tarfile` module, independently of libarchive, including
/// shapes no honest writer produces (lying sizes, truncation, patched type flags).
enum HostileTar {
    /// One entry of a hostile archive.
    struct Entry: Encodable, Sendable {
        var name: String? = nil
        /// The name as hex bytes, for names that are not valid UTF-8.
        var nameHex: String? = nil
        /// "file", "dir", "symlink" or "hardlink".
        var kind = "file"
        var data = ""
        /// The size written in the header (defaults to the data's length).
        var size: Int64? = nil
        var target: String? = nil
        /// Stop the archive right after this entry's (unpadded) data.
        var truncate = false
        /// Overwrite the header's type flag with this character (checksum recomputed).
        var typeflag: String? = nil
        /// "pax" (default) or "ustar".
        var format = "pax"
    }

    /// What to build: entries, raw bytes, or `junk` tiny entries named `junk-000000.bin`, ...
    struct Spec: Encodable, Sendable {
        var entries: [Entry]? = nil
        var raw: String? = nil
        var junk: Int? = nil
        /// Bytes written after the entries instead of the end-of-archive marker.
        var trailer: String? = nil
    }

    static let script = #"""
    import json, sys, tarfile

    def patch_typeflag(header, flag):
        header = bytearray(header)
        header[156] = ord(flag)
        header[148:156] = b' ' * 8
        header[148:156] = b'%06o\0 ' % sum(header)
        return bytes(header)

    out_path, spec_path = sys.argv[1], sys.argv[2]
    spec = json.load(open(spec_path))
    with open(out_path, 'wb') as out:
        if spec.get('raw') is not None:
            out.write(spec['raw'].encode())
            sys.exit(0)
        if spec.get('junk') is not None:
            # One header from tarfile, then only the (same-length) name and checksum change.
            info = tarfile.TarInfo('junk-000000.bin')
            info.size, info.mtime = 1, 0
            template = info.tobuf(tarfile.USTAR_FORMAT)
            pad = b'x' + b'\0' * 511
            for i in range(spec['junk']):
                header = bytearray(template)
                header[0:15] = b'junk-%06d.bin' % i
                header[148:156] = b' ' * 8
                header[148:156] = b'%06o\0 ' % sum(header)
                out.write(header)
                out.write(pad)
            out.write(b'\0' * 1024)
            sys.exit(0)
        for e in spec['entries']:
            name = e.get('name')
            if e.get('nameHex'):
                name = bytes.fromhex(e['nameHex']).decode('utf-8', 'surrogateescape')
            info = tarfile.TarInfo(name)
            info.mtime, info.mode = 0, 0o644
            data = e.get('data', '').encode()
            kind = e.get('kind', 'file')
            if kind == 'dir':
                info.type = tarfile.DIRTYPE
            elif kind == 'symlink':
                info.type, info.linkname = tarfile.SYMTYPE, e['target']
            elif kind == 'hardlink':
                info.type, info.linkname = tarfile.LNKTYPE, e['target']
            info.size = e['size'] if e.get('size') is not None else (len(data) if kind == 'file' else 0)
            fmt = tarfile.USTAR_FORMAT if e.get('format') == 'ustar' else tarfile.PAX_FORMAT
            header = info.tobuf(fmt, 'utf-8', 'surrogateescape')
            if e.get('typeflag'):
                header = header[:-512] + patch_typeflag(header[-512:], e['typeflag'])
            out.write(header)
            out.write(data)
            if e.get('truncate'):
                sys.exit(0)
            out.write(b'\0' * (-len(data) % 512))
        out.write(spec['trailer'].encode() if spec.get('trailer') is not None else b'\0' * 1024)
    """#

    /// Writes the archive described by `spec` to `path` using python3.
    static func build(_ spec: Spec, at path: String) throws {
        let scratch = try TempDir()
        let scriptPath = scratch.path("make_tar.py")
        let specPath = scratch.path("spec.json")
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        try JSONEncoder().encode(spec).write(to: URL(fileURLWithPath: specPath))
        let result = try runProgram("python3", [scriptPath, path, specPath])
        guard result.status == 0 else {
            throw HelperError(message: "python3 failed building \(path): \(result.stderr)")
        }
    }
}

/// A failure in a test helper (not in the code under test).
struct HelperError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
