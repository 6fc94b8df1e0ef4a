#if os(Linux)
    import CCurl
    import Foundation

    /// One HTTP(S) GET through libcurl; the only place that calls libcurl.
    ///
    /// libcurl's multi interface drives one easy handle on the calling thread, so the caller can stop
    /// the transfer between two polls (cancellation, a stall) without a callback from libcurl. The
    /// body reaches `onBody` straight from libcurl's receive buffer, on the calling thread: a slow
    /// consumer slows the socket down (TCP does the rest), nothing piles up in memory. Response head
    /// lines (status lines and headers, of every response when following redirects) reach `onHeader`.
    /// Either callback returns `false` to abort the transfer; the caller knows why.
    ///
    /// ```swift
    /// let transfer = CurlTransfer(url: url, rangeStart: 0, timeout: 60,
    ///                             onHeader: { line in true }, onBody: { bytes in true })
    /// let result = transfer.perform(pollInterval: 0.05) { shouldStop() }
    /// ```
    final class CurlTransfer {
        enum Result: Equatable {
            case finished
            /// libcurl's error (or a callback's abort); `permanent` when retrying cannot help.
            case failed(code: Int, reason: String, permanent: Bool)
            /// `shouldStop` answered true.
            case stopped
        }

        private let url: String
        private let rangeStart: Int64
        private let timeout: TimeInterval
        private let onHeader: (String) -> Bool
        private let onBody: (UnsafeRawBufferPointer) -> Bool

        /// libcurl's receive buffer: one body callback per this many bytes at most.
        static let bufferSize = 256 * 1024

        private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

        init(
            url: String, rangeStart: Int64, timeout: TimeInterval,
            onHeader: @escaping (String) -> Bool, onBody: @escaping (UnsafeRawBufferPointer) -> Bool
        ) {
            self.url = url
            self.rangeStart = rangeStart
            self.timeout = timeout
            self.onHeader = onHeader
            self.onBody = onBody
        }

        /// Runs the request to its end; `shouldStop` is asked at least every `pollInterval` seconds.
        func perform(pollInterval: TimeInterval, shouldStop: () -> Bool) -> Result {
            guard Self.globalInit, let easy = curl_easy_init() else {
                return .failed(code: -1, reason: "libcurl could not be initialised", permanent: true)
            }
            defer { curl_easy_cleanup(easy) }
            let headers: UnsafeMutablePointer<curl_slist>? = curl_slist_append(nil, "Accept-Encoding: identity")
            defer { curl_slist_free_all(headers) }
            let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
            errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
            defer { errorBuffer.deallocate() }
            let context = Unmanaged.passUnretained(self).toOpaque()

            var setup = ccurl_set_string(easy, CURLOPT_URL, url)
            func set(_ code: CURLcode) { if setup == CURLE_OK { setup = code } }
            set(ccurl_set_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
            set(ccurl_set_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https"))
            set(ccurl_set_long(easy, CURLOPT_FOLLOWLOCATION, 1))
            set(ccurl_set_long(easy, CURLOPT_MAXREDIRS, 16))
            set(ccurl_set_long(easy, CURLOPT_NOSIGNAL, 1))
            set(ccurl_set_long(easy, CURLOPT_BUFFERSIZE, Self.bufferSize))
            let millis = timeout * 1000 >= Double(Int.max) ? 0 : max(1, Int(timeout * 1000))
            set(ccurl_set_long(easy, CURLOPT_TIMEOUT_MS, millis))
            set(ccurl_set_pointer(easy, CURLOPT_HTTPHEADER, headers.map { UnsafeMutableRawPointer($0) }))
            set(ccurl_set_pointer(easy, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)))
            if rangeStart > 0 { set(ccurl_set_string(easy, CURLOPT_RANGE, "\(rangeStart)-")) }
            set(ccurl_set_callback(easy, CURLOPT_HEADERFUNCTION, Self.headerCallback))
            set(ccurl_set_pointer(easy, CURLOPT_HEADERDATA, context))
            set(ccurl_set_callback(easy, CURLOPT_WRITEFUNCTION, Self.bodyCallback))
            set(ccurl_set_pointer(easy, CURLOPT_WRITEDATA, context))
            guard setup == CURLE_OK else { return Self.failure(setup, errorBuffer) }

            guard let multi = curl_multi_init() else {
                return .failed(code: -1, reason: "libcurl could not be initialised", permanent: true)
            }
            defer { curl_multi_cleanup(multi) }
            guard curl_multi_add_handle(multi, easy) == CURLM_OK else {
                return .failed(code: -1, reason: "libcurl could not start the transfer", permanent: true)
            }
            defer { curl_multi_remove_handle(multi, easy) }
            let pollMillis = Int32(max(1, min(1000, pollInterval * 1000)))
            var running: Int32 = 1
            while true {
                if shouldStop() { return .stopped }
                guard curl_multi_perform(multi, &running) == CURLM_OK else {
                    return .failed(code: -1, reason: "libcurl's transfer loop failed", permanent: false)
                }
                if running == 0 { break }
                guard curl_multi_poll(multi, nil, 0, pollMillis, nil) == CURLM_OK else {
                    return .failed(code: -1, reason: "libcurl could not wait for the socket", permanent: false)
                }
            }
            var left: Int32 = 0
            while let message = curl_multi_info_read(multi, &left) {
                if message.pointee.msg == CURLMSG_DONE {
                    let code = message.pointee.data.result
                    return code == CURLE_OK ? .finished : Self.failure(code, errorBuffer)
                }
            }
            return .failed(code: -1, reason: "libcurl ended the transfer without a result", permanent: false)
        }

        private static func failure(_ code: CURLcode, _ errorBuffer: UnsafeMutablePointer<CChar>) -> Result {
            let detail = String(cString: errorBuffer)
            let reason = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
            return .failed(
                code: Int(code.rawValue), reason: "\(code.rawValue): \(reason)",
                permanent: permanent.contains(code.rawValue))
        }

        /// Errors a retry cannot fix (the same as URLSession's bad URL, unsupported URL, unknown host).
        private static let permanent: Set<UInt32> = [
            CURLE_UNSUPPORTED_PROTOCOL.rawValue, CURLE_URL_MALFORMAT.rawValue,
            CURLE_COULDNT_RESOLVE_HOST.rawValue,
        ]

        private static let headerCallback: ccurl_data_callback = { bytes, size, count, context in
            guard let bytes, let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            let line = String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self)
            return transfer.onHeader(line) ? length : 0
        }

        private static let bodyCallback: ccurl_data_callback = { bytes, size, count, context in
            guard let bytes, let context else { return 0 }
            let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
            let length = size * count
            return transfer.onBody(UnsafeRawBufferPointer(start: bytes, count: length)) ? length : 0
        }
    }
#endif
