import CatalogFormat
import Crypto
import Foundation

/// A catalog.json that was read, parsed and (when a key is trusted) signature-checked.
package struct FetchedCatalog: Sendable {
    package let location: CatalogLocation
    /// catalog.json, of either schema.
    package let document: CatalogJSONDocument
    /// SHA-256 (hex) of the exact catalog.json bytes.
    package let sha256: String
    /// The schema-2 catalog.json, when it is one.
    package var sharded: ShardedCatalogDocument? { document.sharded }
    /// What the server said identifies these bytes (sent back on the next sync).
    package var validators = DocumentValidators()
    /// What checked the signatures: the trust given, or the newest root its walk reached.
    package var trust: CatalogTrust?
    /// The walk reached a root whose catalog keys differ from the trusted ones.
    package var catalogKeysChanged = false
}

/// What a sync already knows about the catalog.json it imported last.
package struct KnownCatalog: Sendable {
    /// The validators to send (`If-None-Match`, `If-Modified-Since`).
    package var validators: DocumentValidators?
    /// The SHA-256 of those bytes: the same bytes again need no second signature check.
    package var sha256: String?
    /// What checked them (``CatalogTrust/identity``).
    package var trust: String?
}

/// Reads a published catalog and checks it before anything touches the database: the
/// signature (when a key is trusted), expiry, rollback, and the seed's size and SHA-256.
///
/// ```swift
/// let fetcher = CatalogFetcher(transport: URLCatalogTransport())
/// let catalog = try await fetcher.fetchCatalog(at: loc, trust: try CatalogTrust.key(base64))
/// let seed = try await fetcher.fetchSeedFile(of: catalog)
/// ```
package struct CatalogFetcher: Sendable {
    package let transport: any CatalogTransport
    /// The time roots and catalogs are judged at (tests set it); nil is now.
    package var now: Date?

    package init(transport: any CatalogTransport = URLCatalogTransport(), now: Date? = nil) {
        self.transport = transport
        self.now = now
    }

    /// Fetches catalog.json; with `trust`, also walks the catalog's roots from it and checks the
    /// signatures (``checkSignatures(of:sha256:trust:at:)``). A catalog.json that cannot be read
    /// or whose signatures do not verify (or cannot be found: their name is the hash of the bytes)
    /// is refused before anything is written.
    package func fetchCatalog(at location: CatalogLocation, trust: CatalogTrust?) async throws -> FetchedCatalog {
        guard let catalog = try await fetchCatalog(at: location, trust: trust, known: nil) else {
            throw LibraryClientError.unreachable(url: location.description, reason: "no catalog.json was returned")
        }
        return catalog
    }

    /// Like ``fetchCatalog(at:trust:)``, asking the server only for a catalog.json other than
    /// `known`'s (nil when it has none). The same bytes as `known`'s, checked before by the same
    /// trust, are not checked again.
    package func fetchCatalog(
        at location: CatalogLocation, trust: CatalogTrust?, known: KnownCatalog?
    ) async throws -> FetchedCatalog? {
        try await DamagedBody.onceMore(location.catalogURL, when: Self.isDamage) {
            try await fetchDocument(at: location, trust: trust, known: known)
        }
    }

    /// catalog.json read, signature-checked (with `trust`) and decoded.
    private func fetchDocument(
        at location: CatalogLocation, trust: CatalogTrust?, known: KnownCatalog?
    ) async throws -> FetchedCatalog? {
        let url = location.catalogURL
        let answer = try await transport.fetch(
            url, limit: URLCatalogTransport.defaultLimit, ifChangedFrom: known?.validators)
        guard case .changed(let bytes, let validators) = answer else { return nil }
        let sha = SHA256Digest.hex(of: bytes)
        let name = location.description
        var checked = (trust: trust, keysChanged: false)
        if let trust, known?.sha256 != sha || known?.trust != trust.identity {
            checked = try await checkSignatures(of: bytes, sha256: sha, trust: trust, at: location)
        }
        var fetched = try decode(bytes, sha256: sha, validators: validators, location: location, name: name)
        fetched.trust = checked.trust
        fetched.catalogKeysChanged = checked.keysChanged
        return fetched
    }

    private func decode(
        _ bytes: Data, sha256 sha: String, validators: DocumentValidators, location: CatalogLocation, name: String
    ) throws -> FetchedCatalog {
        do throws(Diagnostic) {
            let schema = try CatalogJSON.decode(CatalogSchemaProbe.self, from: bytes, file: name).schemaVersion
            switch schema {
            case 1:
                let document = try CatalogJSON.decode(CatalogDocument.self, from: bytes, file: name)
                return FetchedCatalog(
                    location: location, document: .schema1(document), sha256: sha, validators: validators)
            case 2:
                let sharded = try CatalogJSON.decode(ShardedCatalogDocument.self, from: bytes, file: name)
                return FetchedCatalog(
                    location: location, document: .schema2(sharded), sha256: sha, validators: validators)
            default:
                throw Diagnostic(
                    .error,
                    "schemaVersion \(schema) is not supported by this client (it reads 1 and 2); update the client",
                    file: name, path: "$.schemaVersion")
            }
        } catch {
            throw LibraryClientError.invalidDocument(error)
        }
    }

    /// A catalog.json damaged on the way: unreadable, or its signature missing or wrong.
    static func isDamage(_ error: any Error) -> Bool {
        switch error as? LibraryClientError {
        case .invalidDocument?, .unsigned?, .badSignature?, .catalogSignatures?: true
        default: false
        }
    }

    /// Refuses an expired catalog and a rollback below `importedVersion` (unless allowed).
    package func checkFreshness(
        _ catalog: FetchedCatalog, importedVersion: Int?, allowDowngrade: Bool,
        now: Date = Date()
    ) throws(LibraryClientError) {
        let name = catalog.location.description
        if let expires = catalog.document.expires {
            guard let date = ISO8601.date(expires) else { throw .invalidExpiry(url: name, expires: expires) }
            if date <= now { throw .expired(url: name, expires: expires) }
        }
        if let importedVersion, catalog.document.catalogVersion < importedVersion, !allowDowngrade {
            throw .rollback(url: name, offered: catalog.document.catalogVersion, imported: importedVersion)
        }
    }

    /// Reads a `--trust-key` file and returns the key as stored (base64 of the raw 32 bytes).
    package static func readTrustedKey(atPath path: String) throws(LibraryClientError) -> String {
        do {
            return try CatalogSignature.readPublicKey(atPath: path).rawRepresentation.base64EncodedString()
        } catch {
            throw .invalidKey(file: error.file, reason: error.message)
        }
    }

    static func publicKey(base64: String, source: String) throws(LibraryClientError) -> Curve25519.Signing.PublicKey {
        guard let raw = Data(base64Encoded: base64),
            let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw)
        else {
            throw .invalidKey(
                file: source, reason: "not a base64 Ed25519 public key")
        }
        return key
    }
}
