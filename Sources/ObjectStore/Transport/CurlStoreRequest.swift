#if os(Linux)
    import CCurl
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

        func perform(on easy: UnsafeMutableRawPointer) -> Result<(Data, StoreResponse), any Error> {
            guard let url = request.url?.absoluteString else {
                return .failure(TransportFailure(reason: "the request has no URL", transient: false))
            }
            let method = request.httpMethod ?? "GET"
            var lines = ["Expect:"]  // no `100-continue` round trip before a body
            for (name, value) in request.allHTTPHeaderFields ?? [:] where name.lowercased() != "content-length" {
                lines.append("\(name): \(value)")
            }
            var headerList: UnsafeMutablePointer<curl_slist>?
            for line in lines { headerList = curl_slist_append(headerList, line) }
            defer { curl_slist_free_all(headerList) }
            let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
            errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
            defer { errorBuffer.deallocate() }
            let context = Unmanaged.passUnretained(self).toOpaque()

            var setup = ccurl_set_string(easy, CURLOPT_URL, url)
            func set(_ code: CURLcode) { if setup == CURLE_OK { setup = code } }
            set(ccurl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
            set(ccurl_set_long(easy, CURLOPT_NOSIGNAL, 1))
            set(ccurl_set_long(easy, CURLOPT_LOW_SPEED_LIMIT, 1))
            set(ccurl_set_long(easy, CURLOPT_LOW_SPEED_TIME, CurlStoreTransport.idleTimeout))
            set(ccurl_set_long(easy, CURLOPT_CONNECTTIMEOUT, CurlStoreTransport.idleTimeout))
            set(ccurl_set_pointer(easy, CURLOPT_HTTPHEADER, headerList.map { UnsafeMutableRawPointer($0) }))
            set(ccurl_set_pointer(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)))
            set(ccurl_set_callback(easy, CURLOPT_HEADERFUNCTION, Self.headerCallback))
            set(ccurl_set_pointer(easy, CURLOPT_HEADERDATA, context))
            set(ccurl_set_callback(easy, CURLOPT_WRITEFUNCTION, Self.bodyCallback))
            set(ccurl_set_pointer(easy, CURLOPT_WRITEDATA, context))
            switch method {
            case "GET": set(ccurl_set_long(easy, CURLOPT_HTTPGET, 1))
            case "HEAD": set(ccurl_set_long(easy, CURLOPT_NOBODY, 1))
            case "PUT", "POST":
                // An upload whatever the method: a body of known length from the read callback
                // (a POST without libcurl's form content type).
                set(ccurl_set_string(easy, CURLOPT_CUSTOMREQUEST, method))
                set(ccurl_set_long(easy, CURLOPT_UPLOAD, 1))
                set(ccurl_set_off(easy, CURLOPT_INFILESIZE_LARGE, curl_off_t(bodyLength)))
                set(ccurl_set_long(easy, CURLOPT_UPLOAD_BUFFERSIZE, Self.uploadBufferSize))
                set(ccurl_set_callback(easy, CURLOPT_READFUNCTION, Self.readCallback))
                set(ccurl_set_pointer(easy, CURLOPT_READDATA, context))
            default: set(ccurl_set_string(easy, CURLOPT_CUSTOMREQUEST, method))
            }
            guard setup == CURLE_OK else { return .failure(Self.failure(setup, errorBuffer)) }

            let code = curl_easy_perform(easy)
            if let readError { return .failure(readError) }
            guard code == CURLE_OK else { return .failure(Self.failure(code, errorBuffer)) }
            guard statusCode > 0 else {
                return .failure(
                    TransportFailure(reason: "the server closed the connection without an answer", transient: true))
            }
            return .success((received, StoreResponse(statusCode: statusCode, headers: headers)))
        }

        private static func failure(_ code: CURLcode, _ errorBuffer: UnsafeMutablePointer<CChar>) -> TransportFailure {
            let detail = String(cString: errorBuffer)
            let reason = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            // What another try cannot fix (as with URLSession: a bad URL, a certificate problem).
            let permanent: Set<UInt32> = [
                CURLE_UNSUPPORTED_PROTOCOL.rawValue, CURLE_URL_MALFORMAT.rawValue, CURLE_BAD_FUNCTION_ARGUMENT.rawValue,
                CURLE_PEER_FAILED_VERIFICATION.rawValue, CURLE_SSL_CERTPROBLEM.rawValue,
                CURLE_SSL_CACERT_BADFILE.rawValue,
            ]
            return TransportFailure(
                reason: "libcurl error \(code.rawValue): \(reason)", transient: !permanent.contains(code.rawValue))
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

        private static func request(_ context: UnsafeMutableRawPointer) -> CurlStoreRequest {
            Unmanaged<CurlStoreRequest>.fromOpaque(context).takeUnretainedValue()
        }

        private static let headerCallback: ccurl_data_callback = { bytes, size, count, context in
            guard let bytes, let context else { return 0 }
            let length = size * count
            request(context).take(
                headerLine: String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self))
            return length
        }

        private static let bodyCallback: ccurl_data_callback = { bytes, size, count, context in
            guard let bytes, let context else { return 0 }
            let length = size * count
            request(context).received.append(
                UnsafeRawBufferPointer(start: bytes, count: length).bindMemory(to: UInt8.self))
            return length
        }

        private static let readCallback: ccurl_data_callback = { bytes, size, count, context in
            guard let bytes, let context else { return Int(CURL_READFUNC_ABORT) }
            return request(context).fill(UnsafeMutableRawBufferPointer(start: bytes, count: size * count))
        }
    }
#endif
