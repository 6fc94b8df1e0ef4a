import CatalogFormat
import Foundation

/// Walks a catalog's `root/N.json` from the trusted root on: fetches `root/(N+1).json` until
/// the server has none (404), checks each step (``RootChain``), then refuses an expired newest
/// root. The signatures of a root are fetched together with the next root.
///
/// ```swift
/// let walk = try await RootWalker(transport: transport).walk(from: trust, at: location)
/// walk.trust.root.version   // the newest root
/// ```
package struct RootWalker: Sendable {
    /// What a walk reached.
    package struct Walk: Sendable {
        package var trust: CatalogTrust
        /// Roots checked and taken on.
        package var steps: Int
        /// The catalog keys differ from the ones trusted before (the remembered catalog version
        /// no longer binds).
        package var catalogKeysChanged: Bool
    }

    /// A walk that stopped at a root that fails: the error and the newest root that passed.
    package struct Stopped: Error, Sendable {
        package var error: TrustError
        package var reached: CatalogTrust
    }

    package let transport: any CatalogTransport

    package func walk(from trust: CatalogTrust, at location: CatalogLocation, now: Date = Date()) async throws
        -> Walk
    {
        var current = trust
        var steps = 0
        var next = try await fetchRoot(current.root.version + 1, at: location)
        while let bytes = next {
            let version = current.root.version + 1
            guard steps < RootChain.maximumSteps else {
                throw Stopped(
                    error: TrustError(file: name(version, location), reason: .tooManySteps(RootChain.maximumSteps)),
                    reached: current)
            }
            // The signatures of this root and the root after it, in one round trip.
            async let signatures = transport.fetch(location.resolve("root/\(version).json.sig"), limit: 256 * 1024)
            async let following = fetchRoot(version + 1, at: location)
            let sig: Data
            do { sig = try await signatures } catch LibraryClientError.missingFile {
                _ = try? await following
                throw Stopped(
                    error: TrustError(file: name(version, location) + ".sig", reason: .malformed("missing")),
                    reached: current)
            }
            do {
                let root = try RootChain.step(
                    from: current.root, to: bytes, signatures: sig, file: name(version, location))
                current = CatalogTrust(root: root, rootBytes: bytes, key: nil)
            } catch {
                _ = try? await following
                throw Stopped(error: error, reached: current)
            }
            steps += 1
            next = try await following
        }
        do {
            try RootChain.checkFresh(current.root, now: now, file: name(current.root.version, location))
        } catch {
            throw Stopped(error: error, reached: current)
        }
        return Walk(
            trust: current, steps: steps,
            catalogKeysChanged: RootChain.catalogKeysChanged(from: trust.root, to: current.root))
    }

    private func fetchRoot(_ version: Int, at location: CatalogLocation) async throws -> Data? {
        do {
            return try await transport.fetch(location.resolve("root/\(version).json"), limit: 256 * 1024)
        } catch LibraryClientError.missingFile {
            return nil
        }
    }

    private func name(_ version: Int, _ location: CatalogLocation) -> String {
        let url = location.resolve("root/\(version).json")
        return url.isFileURL ? url.path : url.absoluteString
    }
}
