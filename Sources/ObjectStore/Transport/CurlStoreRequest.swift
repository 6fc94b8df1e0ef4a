#if os(Linux)
    import CurlHTTP
    import Foundation
    import FoundationNetworking

    /// One request on one libcurl easy handle: the method, URL and signed headers of `request`;
    /// the body from `reader` (a file) or `request.httpBody`, handed to libcurl a buffer at a
    /// time; the answer's status line, headers and body collected for ``S3Client``.
    final class CurlStoreRequest {
        private let request: URLRequest
        private let reader: FileSliceReader?
        private let bodyData: Data
        private var sent = 0
        private var readError: (any Error)?
        private var statusCode = 0
        private var headers: [String: String] = [:]
        private var received = Data()

        /// libcurl's upload buffer: one read callback per this many bytes at most.
        static let uploadBufferSize = 256 * 1024

        init(request: URLRequest, reader: FileSliceReader?) {
            self.request = request
            self.reader = reader
            self.bodyData = request.httpBody ?? Data()
        }

        private var bodyLength: Int64 { reader.map { $0.length } ?? Int64(bodyData.count) }

        func perform(on handle: UnsafeMutableRawPointer) -> Result<(Data, StoreResponse), any Error> {
            guard let url = request.url?.absoluteString else {
                return .failure(TransportFailure(reason: "the request has no URL", transient: false))
            }
            let method = request.httpMethod ?? "GET"
            var lines = ["Expect:"]  // no `100-continue` round trip before a body
            for (name, value) in request.allHTTPHeaderFields ?? [:] where name.lowercased() != "content-length" {
                lines.append("\(name): \(value)")
            }
            let easy = CurlEasy(handle: handle)
            easy.set(CURLOPT_URL, url)
            easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
            easy.set(CURLOPT_NOSIGNAL, 1)
            easy.set(CURLOPT_LOW_SPEED_LIMIT, 1)
            easy.set(CURLOPT_LOW_SPEED_TIME, CurlStoreTransport.idleTimeout)
            easy.set(CURLOPT_CONNECTTIMEOUT, CurlStoreTransport.idleTimeout)
            easy.setHeaders(lines)
            easy.onHeader = { [unowned self] bytes in
                take(headerLine: String(decoding: bytes, as: UTF8.self))
                return true
            }
            easy.onBody = { [unowned self] bytes in
                received.append(bytes.bindMemory(to: UInt8.self))
                return true
            }
            switch method {
            case "GET": easy.set(CURLOPT_HTTPGET, 1)
            case "HEAD": easy.set(CURLOPT_NOBODY, 1)
            case "PUT", "POST":
                // An upload whatever the method: a body of known length from the read callback
                // (a POST without libcurl's form content type).
                easy.set(CURLOPT_CUSTOMREQUEST, method)
                easy.onRead = { [unowned self] buffer in fill(buffer) }
                easy.setUpload(length: bodyLength, bufferSize: Self.uploadBufferSize)
            default: easy.set(CURLOPT_CUSTOMREQUEST, method)
            }
            if let failure = easy.setupFailure { return .failure(Self.failure(failure)) }

            let code = curl_easy_perform(handle)
            if let readError { return .failure(readError) }
            guard code == CURLE_OK else { return .failure(Self.failure(easy.failure(code))) }
            guard statusCode > 0 else {
                return .failure(
                    TransportFailure(reason: "the server closed the connection without an answer", transient: true))
            }
            return .success((received, StoreResponse(statusCode: statusCode, headers: headers)))
        }

        private static func failure(_ failure: CurlFailure) -> TransportFailure {
            // What another try cannot fix (as with URLSession: a bad URL, a certificate problem).
            let permanent: Set<UInt32> = [
                CURLE_UNSUPPORTED_PROTOCOL.rawValue, CURLE_URL_MALFORMAT.rawValue, CURLE_BAD_FUNCTION_ARGUMENT.rawValue,
                CURLE_PEER_FAILED_VERIFICATION.rawValue, CURLE_SSL_CERTPROBLEM.rawValue,
                CURLE_SSL_CACERT_BADFILE.rawValue,
            ]
            return TransportFailure(
                reason: "libcurl error \(failure.code): \(failure.reason)", transient: !permanent.contains(failure.code)
            )
        }

        /// A status line starts a new response head (after a `100 Continue`, the real one).
        private func take(headerLine line: String) {
            let trimmed = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.hasPrefix("HTTP/") {
                let fields = trimmed.split(separator: " ", maxSplits: 2)
                statusCode = fields.count > 1 ? Int(fields[1]) ?? 0 : 0
                headers = [:]
            } else if let colon = trimmed.firstIndex(of: ":") {
                let name = trimmed[..<colon].lowercased()
                headers[name] = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }

        /// Fills libcurl's buffer from the file (or the in-memory body); 0 at the end.
        private func fill(_ buffer: UnsafeMutableRawBufferPointer) -> Int {
            do {
                if let reader { return try reader.read(into: buffer) }
                let count = min(buffer.count, bodyData.count - sent)
                guard count > 0 else { return 0 }
                bodyData.copyBytes(to: buffer.bindMemory(to: UInt8.self), from: sent..<(sent + count))
                sent += count
                return count
            } catch {
                readError = error
                return Int(CURL_READFUNC_ABORT)
            }
        }
    }
#endif
