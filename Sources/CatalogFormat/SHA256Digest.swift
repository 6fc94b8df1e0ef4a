import Crypto
import Foundation

/// Streaming SHA-256 helpers (swift-crypto), hex in lowercase.
///
/// ```swift
/// let (hex, bytes) = try SHA256Digest.file(atPath: "pack.tar")
/// SHA256Digest.hex(of: Data("abc".utf8))   // "ba7816bf…"
/// ```
public enum SHA256Digest {
    public static func hex(of data: some DataProtocol) -> String {
        hex(SHA256.hash(data: data))
    }

    public static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { String(format: "%02x", $0) }.joined()
    }

    /// Hashes a file in 1 MiB chunks; returns its hex digest and size.
    public static func file(atPath path: String) throws -> (sha256: String, bytes: Int64) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        var hasher = SHA256()
        var total: Int64 = 0
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            hasher.update(data: chunk)
            total += Int64(chunk.count)
        }
        return (hex(hasher.finalize()), total)
    }

    /// Whether `text` is 64 lowercase or uppercase hex digits.
    public static func isHex(_ text: String) -> Bool {
        text.utf8.count == 64
            && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || (65...70).contains($0) }
    }
}
