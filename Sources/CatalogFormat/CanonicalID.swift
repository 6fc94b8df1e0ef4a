import Crypto
import Foundation

/// UUIDs in canonical form: lowercase canonical text; input accepted in either case.
///
/// ```swift
/// CanonicalID.parse("3F0D6A52-8C1E-4C47-9A51-2F1F7C8E9B10")   // "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10"
/// CanonicalID.parse("not-a-uuid")                              // nil
/// ```
public enum CanonicalID {
    /// The lowercase canonical form, or nil when `text` is not a UUID in 8-4-4-4-12 form.
    public static func parse(_ text: String) -> String? {
        guard text.utf8.count == 36, let uuid = UUID(uuidString: text) else { return nil }
        return uuid.uuidString.lowercased()
    }

    /// The id as the library stores it: the canonical form of a UUID, any other text as given
    /// (an id the catalog did not write as a UUID is kept, and compared, exactly).
    ///
    /// ```swift
    /// CanonicalID.normalized("3F0D6A52-8C1E-4C47-9A51-2F1F7C8E9B10")   // "3f0d6a52-8c1e-4c47-9a51-2f1f7c8e9b10"
    /// CanonicalID.normalized("legacy-7")                                // "legacy-7"
    /// ```
    public static func normalized(_ text: String) -> String { parse(text) ?? text }

    /// A fresh random (v4) id in canonical form.
    public static func random() -> String { UUID().uuidString.lowercased() }

    /// UUID v5 (SHA-1, RFC 9562) of `name` in the namespace `namespace`: the asset id used when
    /// a pack.yaml item leaves `assetId` out (namespace = pack id, name = item id).
    public static func v5(namespace: String, name: String) -> String {
        let ns = UUID(uuidString: namespace) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        var bytes = withUnsafeBytes(of: ns.uuid) { Array($0) }
        bytes.append(contentsOf: Array(name.utf8))
        var digest = Array(Insecure.SHA1.hash(data: bytes).prefix(16))
        digest[6] = (digest[6] & 0x0F) | 0x50
        digest[8] = (digest[8] & 0x3F) | 0x80
        let uuid = UUID(
            uuid: (
                digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
                digest[8], digest[9], digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]
            ))
        return uuid.uuidString.lowercased()
    }
}
