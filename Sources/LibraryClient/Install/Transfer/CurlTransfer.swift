#if os(Linux)
    import CurlHTTP
    import Foundation

    /// One HTTP(S) GET through libcurl (its handle set up by `CurlEasy`, shared with ObjectStore).
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
            guard let easy = CurlEasy() else {
                return .failed(code: -1, reason: "libcurl could not be initialised", permanent: true)
            }
            easy.set(CURLOPT_URL, url)
            easy.set(CURLOPT_PROTOCOLS_STR, "http,https")
            easy.set(CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
            easy.set(CURLOPT_FOLLOWLOCATION, 1)
            easy.set(CURLOPT_MAXREDIRS, 16)
            easy.set(CURLOPT_NOSIGNAL, 1)
            easy.set(CURLOPT_BUFFERSIZE, Self.bufferSize)
            let millis = timeout * 1000 >= Double(Int.max) ? 0 : max(1, Int(timeout * 1000))
            easy.set(CURLOPT_TIMEOUT_MS, millis)
            easy.setHeaders(["Accept-Encoding: identity"])
            if rangeStart > 0 { easy.set(CURLOPT_RANGE, "\(rangeStart)-") }
            let onHeader = onHeader
            easy.onHeader = { bytes in onHeader(String(decoding: bytes, as: UTF8.self)) }
            easy.onBody = onBody
            if let failure = easy.setupFailure { return Self.failed(failure) }

            guard let multi = curl_multi_init() else {
                return .failed(code: -1, reason: "libcurl could not be initialised", permanent: true)
            }
            defer { curl_multi_cleanup(multi) }
            guard curl_multi_add_handle(multi, easy.handle) == CURLM_OK else {
                return .failed(code: -1, reason: "libcurl could not start the transfer", permanent: true)
            }
            defer { curl_multi_remove_handle(multi, easy.handle) }
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
                    return code == CURLE_OK ? .finished : Self.failed(easy.failure(code))
                }
            }
            return .failed(code: -1, reason: "libcurl ended the transfer without a result", permanent: false)
        }

        private static func failed(_ failure: CurlFailure) -> Result {
            .failed(
                code: Int(failure.code), reason: "\(failure.code): \(failure.reason)",
                permanent: permanent.contains(failure.code))
        }

        /// Errors a retry cannot fix (the same as URLSession's bad URL, unsupported URL, unknown host).
        private static let permanent: Set<UInt32> = [
            CURLE_UNSUPPORTED_PROTOCOL.rawValue, CURLE_URL_MALFORMAT.rawValue,
            CURLE_COULDNT_RESOLVE_HOST.rawValue,
        ]
    }
#endif
