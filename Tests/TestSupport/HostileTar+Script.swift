extension HostileTar {
    /// The Python program behind ``build(_:at:)``: `make_tar.py <out> <spec.json>`.
    static let script = #"""
        import base64, json, sys, tarfile

        def patch_typeflag(header, flag):
            header = bytearray(header)
            header[156] = ord(flag)
            header[148:156] = b' ' * 8
            header[148:156] = b'%06o\0 ' % sum(header)
            return bytes(header)

        def numbered(prefix, count, size, fmt):
            # One header from tarfile, then only the (same-length) name and checksum change.
            info = tarfile.TarInfo('%s-000000.bin' % prefix)
            info.size, info.mtime = size, 0
            template = info.tobuf(fmt)
            body = b'x' + b'\0' * 511 if size else b''
            width = len(prefix) + 11
            for i in range(count):
                header = bytearray(template)
                header[0:width] = b'%s-%06d.bin' % (prefix.encode(), i)
                header[148:156] = b' ' * 8
                header[148:156] = b'%06o\0 ' % sum(header)
                out.write(header)
                out.write(body)
            out.write(b'\0' * 1024)

        out_path, spec_path = sys.argv[1], sys.argv[2]
        spec = json.load(open(spec_path))
        with open(out_path, 'wb') as out:
            if spec.get('raw') is not None:
                out.write(spec['raw'].encode())
                sys.exit(0)
            if spec.get('junk') is not None:
                numbered('junk', spec['junk'], 1, tarfile.USTAR_FORMAT)
                sys.exit(0)
            if spec.get('tiny') is not None:
                numbered('tiny', spec['tiny'], 0, tarfile.USTAR_FORMAT)
                sys.exit(0)
            for e in spec['entries']:
                name = e.get('name')
                if e.get('nameHex'):
                    name = bytes.fromhex(e['nameHex']).decode('utf-8', 'surrogateescape')
                info = tarfile.TarInfo(name)
                info.mtime, info.mode = 0, 0o644
                data = base64.b64decode(e.get('data', ''))
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
}
