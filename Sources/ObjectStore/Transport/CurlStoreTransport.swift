#if os(Linux)
    import CurlHTTP
    import Foundation
    import FoundationNetworking

    /// Requests over libcurl, the Linux transport: an upload's body goes from the file into
    /// libcurl's send buffer (`CURLOPT_READFUNCTION`, one 256 KiB buffer per request), so the
    /// memory of a push does not depend on its files' sizes. FoundationNetworking's URLSession
    /// copied each part's `Data` and left freed blocks behind in its threads' heaps: measured, the
    /// peak grew with the file.
    ///
    /// Each request runs `curl_easy_perform` on a thread of its own; finished easy handles wait in
    /// a pool so that the next request reuses their open connection. Requests are never
    /// cancelled part-way (a push lets the requests in flight finish); a stalled one ends after
    /// ``idleTimeout`` seconds without a byte.
    ///
    /// ```swift
    /// let (body, response) = try await CurlStoreTransport().send(request, file: part)
    /// ```
    final class CurlStoreTransport: StoreTransport, @unchecked Sendable {
        /// Seconds without a byte sent or received before a request is given up (URLSession's
        /// request timeout).
        static let idleTimeout = 120

        private let lock = NSLock()
        private var idle: [UnsafeMutableRawPointer] = []

        init() {}

        deinit { for handle in idle { curl_easy_cleanup(handle) } }

        func send(_ request: URLRequest, file: FileSlice?) async throws -> (Data, StoreResponse) {
            let outcome = await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<(Data, StoreResponse), any Error>, Never>) in
                let thread = Thread { [self] in continuation.resume(returning: perform(request, file: file)) }
                thread.name = "soundshelf.s3"
                thread.start()
            }
            return try outcome.get()
        }

        /// The blocking half, on the request's thread.
        private func perform(_ request: URLRequest, file: FileSlice?) -> Result<(Data, StoreResponse), any Error> {
            let reader: FileSliceReader?
            do { reader = try file.map(FileSliceReader.init) } catch { return .failure(error) }
            guard CurlEasy.isAvailable, let handle = takeHandle() else {
                return .failure(TransportFailure(reason: "libcurl could not be initialised", transient: false))
            }
            defer { giveBack(handle) }
            return CurlStoreRequest(request: request, reader: reader).perform(on: handle)
        }

        private func takeHandle() -> UnsafeMutableRawPointer? {
            if let handle = lock.withLock({ idle.popLast() }) { return handle }
            return curl_easy_init()
        }

        /// Resets the handle's options; its connection cache stays for the next request.
        private func giveBack(_ handle: UnsafeMutableRawPointer) {
            curl_easy_reset(handle)
            lock.withLock { idle.append(handle) }
        }
    }
#endif
