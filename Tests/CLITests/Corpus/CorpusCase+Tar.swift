import Foundation
import TestSupport

extension CorpusCase.TarEntry {
    /// The entry as a ``HostileTar/Entry``: a file's body is the manifest asset at `from` (the
    /// first by default) read from `assetsFolder`, cut or zero-padded to `size` when given.
    func hostileEntry(assets: [[String: Any]], assetsFolder: String) throws -> HostileTar.Entry {
        switch type ?? "file" {
        case "file":
            let source = assets[from ?? 0]
            var data = try Data(contentsOf: URL(fileURLWithPath: "\(assetsFolder)/\(source["url"] as! String)"))
            if let size { data = size <= data.count ? data.prefix(size) : data + Data(count: size - data.count) }
            return .file(name, data)
        case "symlink": return HostileTar.Entry(name: name, kind: .symlink, target: target)
        case "hardlink": return HostileTar.Entry(name: name, kind: .hardlink, target: target)
        case "dir": return HostileTar.Entry(name: name, kind: .dir)
        case let other:
            throw CocoaError(
                .fileReadUnknown, userInfo: [NSDebugDescriptionErrorKey: "unknown tar entry type \(other)"])
        }
    }
}
