import CatalogModel
import Foundation

extension CatalogVerifier {
    /// The root chain as a client walks it: from `trustedRoot` (`--trust-root`), else from the
    /// published `root/1.json` (which must meet its own threshold), each `root/N.json` checked
    /// against the one before until there is none; the newest must not have expired (a warning in
    /// its last 30 days); catalog.json's `signatures/<sha256>.json` must carry a threshold of its
    /// catalog keys. A catalog without `root/` (and no `trustedRoot`) is not checked here.
    static func checkRoots(
        _ bytes: Data, trustedRoot: RootDocument?, _ fetch: @Sendable (String) async throws -> Data, now: Date,
        _ report: inout Report
    ) async {
        var current = trustedRoot
        if current == nil {
            guard let first = try? await fetch("root/1.json") else { return }
            report.filesChecked += 1
            guard let signatures = await get("root/1.json.sig", fetch, &report) else { return }
            do { current = try RootChain.selfSigned(first, signatures: signatures, file: "root/1.json") } catch {
                report.problems.append(error.description)
                return
            }
        }
        guard var root = current else { return }
        while root.version < RootChain.maximumSteps, let next = try? await fetch("root/\(root.version + 1).json") {
            report.filesChecked += 1
            let path = "root/\(root.version + 1).json"
            guard let signatures = await get(path + ".sig", fetch, &report) else { return }
            do { root = try RootChain.step(from: root, to: next, signatures: signatures, file: path) } catch {
                report.problems.append(error.description)
                return
            }
        }
        if let expires = ISO8601.date(root.expires) {
            if expires <= now {
                report.problems.append("root/\(root.version).json: expired at \(root.expires); clients refuse it")
            } else if expires.timeIntervalSince(now) < 30 * 86_400 {
                report.warnings.append(
                    "root/\(root.version).json expires at \(root.expires); write the next root (`catalog keys rotate`)")
            }
        }
        let path = "signatures/\(SHA256Digest.hex(of: bytes)).json"
        guard let listBytes = await get(path, fetch, &report) else { return }
        do {
            let list = try KeySignature.decodeList(listBytes, file: path)
            try RootChain.checkCatalog(bytes, signatures: list, root: root, file: path)
        } catch {
            report.problems.append(error.description)
        }
    }
}
