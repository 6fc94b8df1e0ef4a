import Crypto
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The few S3 API calls a publisher needs, signed with SigV4: list, head, put (single or
/// multipart), with retries on 5xx, `SlowDown` and dropped connections. Requests go over
/// libcurl on Linux (URLSession there too with `prefersURLSession`) and URLSession elsewhere
/// (``StoreTransport``).
///
/// ```swift
/// let client = S3Client(configuration: config, bucket: "media")
/// let stored = try await client.listObjects(prefix: "catalog/")
/// try await client.put(ObjectUpload(key: "catalog/catalog.json", file: url, bytes: 512, sha256: hex,
///                                   contentType: "application/json", cacheControl: "no-cache"))
/// ```
package final class S3Client: Sendable {
    package let configuration: ObjectStoreConfiguration
    package let bucket: String
    package let retry: RetryPolicy
    package let multipart: MultipartPolicy
    let transport: any StoreTransport
    let signer: SigV4Signer

    package init(
        configuration: ObjectStoreConfiguration, bucket: String, retry: RetryPolicy = RetryPolicy(),
        multipart: MultipartPolicy = MultipartPolicy(), prefersURLSession: Bool = false
    ) {
        self.configuration = configuration
        self.bucket = bucket
        self.retry = retry
        self.multipart = multipart
        self.signer = SigV4Signer(credentials: configuration.credentials, region: configuration.region, service: "s3")
        self.transport = StoreTransports.make(prefersURLSession: prefersURLSession)
    }

    /// One S3 call. `key` empty addresses the bucket itself.
    struct Call {
        var operation: String
        var method: String
        var key: String
        var query: [(name: String, value: String)] = []
        var headers: [(name: String, value: String)] = []
        var body: Data?
        /// The body read from this part of a file as it is sent (`body` is then nil).
        var file: FileSlice?
        /// Hex SHA-256 of the body (`nil`: computed here).
        var payloadHash: String?
        var errorsMayArriveWith200 = false
    }

    /// Sends `call`, retrying what may succeed later; returns the body and response of a 2xx
    /// (or of a 404 when `allowNotFound`).
    func send(_ call: Call, allowNotFound: Bool = false) async throws -> (Data, StoreResponse) {
        let payloadHash =
            try call.payloadHash ?? call.file?.sha256Hex()
            ?? SigV4Signer.hex(SHA256.hash(data: call.body ?? Data()))
        var attempt = 0
        while true {
            attempt += 1
            let data: Data
            let http: StoreResponse
            do {
                let request = try makeRequest(call, payloadHash: payloadHash)
                (data, http) = try await transport.send(request, file: call.file)
            } catch let failure as TransportFailure {
                guard attempt < retry.attempts, failure.transient else {
                    throw ObjectStoreError.unreachable(
                        operation: call.operation, bucket: bucket, key: call.key, reason: failure.reason)
                }
                try await retry.pause(after: attempt)
                continue
            }
            let text = String(decoding: data.prefix(8192), as: UTF8.self)
            // CompleteMultipartUpload may report an error inside a 200.
            let errorIn200 = call.errorsMayArriveWith200 && text.contains("<Error>")
            if !errorIn200, (200..<300).contains(http.statusCode) || (allowNotFound && http.statusCode == 404) {
                return (data, http)
            }
            let code = XMLFields.first("Code", in: text)
            if attempt < retry.attempts, RetryPolicy.isTransient(status: errorIn200 ? 500 : http.statusCode, code: code)
            {
                try await retry.pause(after: attempt)
                continue
            }
            throw failure(call, status: http.statusCode, body: data)
        }
    }

    private func failure(_ call: Call, status: Int, body: Data) -> ObjectStoreError {
        let text = String(decoding: body.prefix(8192), as: UTF8.self)
        return .requestFailed(
            operation: call.operation, bucket: bucket, key: call.key, status: status,
            code: XMLFields.first("Code", in: text), message: XMLFields.first("Message", in: text))
    }

    func makeRequest(_ call: Call, payloadHash: String, date: Date = Date()) throws -> URLRequest {
        let encodedKey = SigV4Encoding.encodePath(call.key)
        let base: String
        let host: String
        let path: String
        if let endpoint = configuration.endpoint {
            var components = URLComponents(url: endpoint, resolvingAgainstBaseURL: false)!
            let prefix =
                components.percentEncodedPath.hasSuffix("/")
                ? String(components.percentEncodedPath.dropLast())
                : components.percentEncodedPath
            path = prefix + "/" + SigV4Encoding.encode(bucket) + (call.key.isEmpty ? "" : "/" + encodedKey)
            components.percentEncodedPath = ""
            components.query = nil
            base = components.string ?? endpoint.absoluteString
            host = endpoint.host! + (endpoint.port.map { ":\($0)" } ?? "")
        } else {
            host = "\(bucket).s3.\(configuration.region).amazonaws.com"
            base = "https://\(host)"
            path = "/" + encodedKey
        }
        let query = SigV4Encoding.canonicalQuery(call.query)
        guard let url = URL(string: base + path + (query.isEmpty ? "" : "?" + query)) else {
            throw ObjectStoreError.invalidEndpoint(base)
        }
        var request = URLRequest(url: url)
        request.httpMethod = call.method
        request.httpBody = call.body
        let signed = signer.sign(
            SigV4Request(method: call.method, host: host, path: path, query: call.query, headers: call.headers),
            payloadHash: payloadHash, date: date)
        for (name, value) in signed { request.setValue(value, forHTTPHeaderField: name) }
        if call.body == nil, call.file == nil, call.method == "PUT" || call.method == "POST" {
            request.setValue("0", forHTTPHeaderField: "Content-Length")
        }
        return request
    }
}
