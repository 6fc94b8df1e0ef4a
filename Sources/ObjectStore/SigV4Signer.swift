import Crypto
import Foundation

/// AWS Signature Version 4 (HMAC-SHA256) for one request: builds the canonical request, the
/// string to sign and the `Authorization` header.
///
/// S3 signs the path as sent (encoded once, no `.`/`..` removal); other AWS services remove
/// dot segments and repeated slashes first (`normalizesPath`).
///
/// ```swift
/// let signer = SigV4Signer(credentials: credentials, region: "us-east-1", service: "s3")
/// let signed = signer.sign(SigV4Request(method: "GET", host: "127.0.0.1:9000", path: "/bucket/key"),
///                          payloadHash: SigV4Signer.emptyPayloadHash, date: Date())
/// ```
package struct SigV4Signer: Sendable {
    package static let emptyPayloadHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    package static let unsignedPayload = "UNSIGNED-PAYLOAD"

    package var credentials: ObjectStoreCredentials
    package var region: String
    package var service: String
    package var normalizesPath: Bool

    package init(
        credentials: ObjectStoreCredentials, region: String, service: String = "s3", normalizesPath: Bool? = nil
    ) {
        self.credentials = credentials
        self.region = region
        self.service = service
        self.normalizesPath = normalizesPath ?? (service != "s3")
    }

    /// The headers to send: the request's own, plus `x-amz-date`, `x-amz-security-token` (with a
    /// session token) and `Authorization`. `x-amz-content-sha256` is added for S3.
    package func sign(_ request: SigV4Request, payloadHash: String, date: Date) -> [(name: String, value: String)] {
        let stamp = Self.timestamp(date)
        var headers = request.headers
        headers.append(("Host", request.host))
        headers.append(("X-Amz-Date", stamp))
        if service == "s3" { headers.append(("X-Amz-Content-Sha256", payloadHash)) }
        if let token = credentials.sessionToken { headers.append(("X-Amz-Security-Token", token)) }
        let canonical = canonicalRequest(request, headers: headers, payloadHash: payloadHash)
        let day = String(stamp.prefix(8))
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let toSign = ["AWS4-HMAC-SHA256", stamp, scope, Self.hex(SHA256.hash(data: Data(canonical.text.utf8)))]
            .joined(separator: "\n")
        let signature = Self.hex(HMAC<SHA256>.authenticationCode(for: Data(toSign.utf8), using: signingKey(day: day)))
        let authorization =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), "
            + "SignedHeaders=\(canonical.signedHeaders), Signature=\(signature)"
        return headers.filter { $0.name.lowercased() != "host" } + [("Authorization", authorization)]
    }

    /// The canonical request text and the `SignedHeaders` list for `headers` (which must
    /// include `host` and `x-amz-date`).
    package func canonicalRequest(
        _ request: SigV4Request, headers: [(name: String, value: String)],
        payloadHash: String
    ) -> (text: String, signedHeaders: String) {
        var merged: [String: [String]] = [:]
        for (name, value) in headers { merged[name.lowercased(), default: []].append(Self.trim(value)) }
        let names = merged.keys.sorted()
        let headerLines = names.map { "\($0):\(merged[$0]!.joined(separator: ","))\n" }.joined()
        let signed = names.joined(separator: ";")
        let text = [
            request.method, canonicalURI(request.path), SigV4Encoding.canonicalQuery(request.query),
            headerLines, signed, payloadHash,
        ].joined(separator: "\n")
        return (text, signed)
    }

    func canonicalURI(_ path: String) -> String {
        let decoded = path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.removingPercentEncoding ?? String($0) }
        let segments = normalizesPath ? SigV4Encoding.removingDotSegments(decoded) : decoded
        let joined = segments.map(SigV4Encoding.encode).joined(separator: "/")
        return joined.hasPrefix("/") ? joined : "/" + joined
    }

    private func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    /// Header values lose leading and trailing spaces, and inner runs of spaces become one.
    static func trim(_ value: String) -> String {
        value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `yyyyMMdd'T'HHmmss'Z'` in UTC.
    package static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d%02d%02dT%02d%02d%02dZ", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    package static func hex<D: Sequence>(_ bytes: D) -> String where D.Element == UInt8 {
        bytes.map { String(format: "%02x", $0) }.joined()
    }
}

/// One request as SigV4 sees it: the path as sent (percent-encoded or not), decoded query pairs.
package struct SigV4Request: Sendable {
    package var method: String
    package var host: String
    package var path: String
    package var query: [(name: String, value: String)]
    package var headers: [(name: String, value: String)]

    package init(
        method: String, host: String, path: String, query: [(name: String, value: String)] = [],
        headers: [(name: String, value: String)] = []
    ) {
        self.method = method
        self.host = host
        self.path = path
        self.query = query
        self.headers = headers
    }
}
