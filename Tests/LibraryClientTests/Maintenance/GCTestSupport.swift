import CatalogModel
import Foundation

/// Every file and folder under a data root (relative path → SHA-256 of the bytes, or "dir"),
/// leaving out the SQLite files, for "everything else is unchanged byte for byte" checks.
func rootSnapshot(_ root: URL) throws -> [String: String] {
    var result: [String: String] = [:]
    let fm = FileManager.default
    guard let walker = fm.enumerator(atPath: root.path) else { return [:] }
    while let path = walker.nextObject() as? String {
        if path.hasPrefix("library.sqlite") { continue }
        let url = root.appendingPathComponent(path)
        let type = try fm.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
        result[path] = type == .typeDirectory ? "dir" : try SHA256Digest.file(atPath: url.path).0
    }
    return result
}

/// Writes `bytes` bytes of text at `path` under `root`, creating folders.
@discardableResult
func writeFile(_ root: URL, _ path: String, bytes: Int) throws -> URL {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(repeating: 0x61, count: bytes).write(to: url)
    return url
}
