import CatalogFormat
import Foundation
import TestSupport
import Testing

/// What the key tests share: an OpenSSL signer script, the JSON a run printed, `client trust`,
/// and a thief's signatures.
enum KeyTools {
    /// Signs stdin with a key file through OpenSSL, as a token's or a KMS's tool would.
    static let opensslSigner = """
        #!/bin/sh
        set -e
        dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
        { printf '\\060\\056\\002\\001\\000\\060\\005\\006\\003\\053\\145\\160\\004\\042\\004\\040'; base64 -d "$1"; } > "$dir/key.der"
        cat > "$dir/in"
        openssl pkeyutl -sign -rawin -inkey "$dir/key.der" -keyform DER -in "$dir/in" | base64 -w0
        """

    /// The JSON object a run printed; empty when it printed none (its expectations then fail).
    static func json(_ result: ToolRunner.Result) throws -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: result.stdoutData)) as? [String: Any] ?? [:]
    }

    static func trust(_ root: String) throws -> [String: Any] {
        try json(try ToolRunner.run("client", ["trust", "--root", root, "--json"]))
    }

    /// Writes `signatures/<sha256>.json` and `.sig` for `bytes` with `key`, as a thief holding it would.
    static func sign(_ bytes: Data, key: String, into dist: String) throws {
        let signer = try ToolRunner.run(
            executable: URL(fileURLWithPath: "/bin/sh"), ["-c", opensslSigner, "sign", key], stdin: bytes)
        let sig = signer.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let pub = try String(contentsOfFile: key.replacingOccurrences(of: ".key", with: ".pub"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let keyid = SHA256Digest.hex(of: try #require(Data(base64Encoded: pub)))
        let sha = SHA256Digest.hex(of: bytes)
        try Data("[{\"keyid\": \"\(keyid)\", \"sig\": \"\(sig)\"}]\n".utf8).write(
            to: URL(fileURLWithPath: "\(dist)/signatures/\(sha).json"))
        try Data((sig + "\n").utf8).write(to: URL(fileURLWithPath: "\(dist)/signatures/\(sha).sig"))
    }
}
