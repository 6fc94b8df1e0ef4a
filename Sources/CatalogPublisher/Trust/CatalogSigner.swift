import CatalogModel
import Crypto
import Foundation

/// Something that signs bytes with one Ed25519 key: a key file, or an external program
/// (`--signer "COMMAND"`: it reads the bytes on stdin and prints the base64 signature), so a key
/// may live in a hardware token or a cloud KMS.
///
/// ```swift
/// let signer = CatalogSigner.command("openssl pkeyutl -sign -rawin -inkey root.pem | base64 -w0")
/// let list = try CatalogSigner.sign(bytes, with: [signer], candidates: root.keys)
/// ```
package enum CatalogSigner {
    case key(Curve25519.Signing.PrivateKey)
    case command(String)

    /// Reads a private key file.
    package static func keyFile(_ path: String) throws(KeyringError) -> CatalogSigner {
        do { return .key(try CatalogSignature.readPrivateKey(atPath: path)) } catch { throw .key(error) }
    }

    /// The raw 64-byte signature of `bytes`.
    package func signature(of bytes: Data) throws(KeyringError) -> Data {
        switch self {
        case .key(let key):
            do { return try key.signature(for: bytes) } catch {
                throw .signer(command: "key", message: "\(error)")
            }
        case .command(let command): return try Self.run(command, input: bytes)
        }
    }

    /// Signs `bytes` with each signer and names each signature by the key it verifies with among
    /// `candidates` (key id → base64 public key). A key file's own id is known; an external
    /// signer's signature must verify with one of the candidates.
    package static func sign(
        _ bytes: Data, with signers: [CatalogSigner], candidates: [String: String]
    ) throws(KeyringError) -> [KeySignature] {
        let keys = candidates.compactMap { id, text -> (String, Curve25519.Signing.PublicKey)? in
            guard let raw = Data(base64Encoded: text),
                let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
            else { return nil }
            return (id, key)
        }
        var list: [KeySignature] = []
        for signer in signers {
            let raw = try signer.signature(of: bytes)
            let keyid: String?
            switch signer {
            case .key(let key): keyid = RootDocument.keyID(of: key.publicKey)
            case .command(let command):
                keyid = keys.first { $0.1.isValidSignature(raw, for: bytes) }?.0
                guard keyid != nil else { throw .unknownSigner(command: command, candidates: keys.count) }
            }
            if let keyid, !list.contains(where: { $0.keyid == keyid }) {
                list.append(KeySignature(keyid: keyid, sig: raw.base64EncodedString()))
            }
        }
        return list.sorted { $0.keyid < $1.keyid }
    }

    private static func run(_ command: String, input: Data) throws(KeyringError) -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do { try process.run() } catch { throw .signer(command: command, message: "cannot start: \(error)") }
        // Small inputs (a root, a catalog.json): the pipe holds them whole.
        try? stdin.fileHandleForWriting.write(contentsOf: input)
        try? stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: err, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw .signer(
                command: command,
                message: "exited with status \(process.terminationStatus)" + (text.isEmpty ? "" : ": \(text)"))
        }
        let text = String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let raw = Data(base64Encoded: text), raw.count == 64 else {
            throw .signer(command: command, message: "printed no base64 Ed25519 signature (64 bytes) on stdout")
        }
        return raw
    }
}
