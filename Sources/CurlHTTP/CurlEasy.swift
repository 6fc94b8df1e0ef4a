#if os(Linux)
    @_exported import CCurl
    import Foundation

    /// One libcurl easy handle set up for a request: the options (the first failure is kept, so a
    /// request sets them all and checks once), the error buffer, the request header list, and the
    /// header, body and upload callbacks as Swift closures. The only code that passes Swift
    /// objects through libcurl's `void *` callbacks; `LibraryClient`'s downloads (`CurlTransfer`)
    /// and `ObjectStore`'s S3 requests (`CurlStoreRequest`) both go through it.
    ///
    /// ```swift
    /// guard let easy = CurlEasy() else { … }
    /// easy.set(CURLOPT_URL, "https://cdn.example.com/pack.tar")
    /// easy.onBody = { bytes in consume(bytes); return true }
    /// if let failure = easy.setupFailure { … }
    /// let code = curl_easy_perform(easy.handle)
    /// ```
    package final class CurlEasy {
        /// The `CURL *` handle.
        package let handle: UnsafeMutableRawPointer
        private let owned: Bool
        private let errorBuffer: UnsafeMutablePointer<CChar>
        private var headerList: UnsafeMutablePointer<curl_slist>?
        private var setup = CURLE_OK

        /// Each response head line (status lines and headers); `false` aborts the transfer.
        package var onHeader: (UnsafeRawBufferPointer) -> Bool = { _ in true }
        /// Each piece of the response body, straight from libcurl's buffer; `false` aborts.
        package var onBody: (UnsafeRawBufferPointer) -> Bool = { _ in true }
        /// Fills libcurl's upload buffer: the byte count, 0 at the end, `CURL_READFUNC_ABORT` to abort.
        package var onRead: (UnsafeMutableRawBufferPointer) -> Int = { _ in 0 }

        private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

        /// A new handle, cleaned up with this object; `nil` when libcurl cannot be initialised.
        package convenience init?() {
            guard Self.globalInit, let handle = curl_easy_init() else { return nil }
            self.init(handle: handle, owned: true)
        }

        /// Sets up `handle` (from a pool that keeps its connections); with `owned`, cleaned up here.
        package init(handle: UnsafeMutableRawPointer, owned: Bool = false) {
            self.handle = handle
            self.owned = owned
            errorBuffer = .allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
            errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
            let context = Unmanaged.passUnretained(self).toOpaque()
            set(ccurl_set_pointer(handle, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)))
            set(ccurl_set_callback(handle, CURLOPT_HEADERFUNCTION, Self.headerCallback))
            set(ccurl_set_pointer(handle, CURLOPT_HEADERDATA, context))
            set(ccurl_set_callback(handle, CURLOPT_WRITEFUNCTION, Self.bodyCallback))
            set(ccurl_set_pointer(handle, CURLOPT_WRITEDATA, context))
        }

        deinit {
            // The handle may outlive this object in a pool: it must not point at freed memory.
            _ = ccurl_set_pointer(handle, CURLOPT_ERRORBUFFER, nil)
            if owned { curl_easy_cleanup(handle) }
            curl_slist_free_all(headerList)
            errorBuffer.deallocate()
        }

        /// Whether libcurl could be initialised in this process.
        package static var isAvailable: Bool { globalInit }

        package func set(_ option: CURLoption, _ value: Int) { set(ccurl_set_long(handle, option, value)) }
        package func set(_ option: CURLoption, _ value: String) { set(ccurl_set_string(handle, option, value)) }
        package func set(_ option: CURLoption, offset value: Int64) {
            set(ccurl_set_off(handle, option, curl_off_t(value)))
        }

        /// The request's header lines (`"Name: value"`; `"Name:"` removes one libcurl would send).
        package func setHeaders(_ lines: [String]) {
            curl_slist_free_all(headerList)
            headerList = nil
            for line in lines { headerList = curl_slist_append(headerList, line) }
            set(ccurl_set_pointer(handle, CURLOPT_HTTPHEADER, headerList.map { UnsafeMutableRawPointer($0) }))
        }

        /// Sends a body of `length` bytes from ``onRead``, `bufferSize` bytes at a time at most.
        package func setUpload(length: Int64, bufferSize: Int) {
            set(CURLOPT_UPLOAD, 1)
            set(CURLOPT_INFILESIZE_LARGE, offset: length)
            set(CURLOPT_UPLOAD_BUFFERSIZE, bufferSize)
            set(ccurl_set_callback(handle, CURLOPT_READFUNCTION, Self.readCallback))
            set(ccurl_set_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(self).toOpaque()))
        }

        /// The first option libcurl refused, or `nil` when the setup is complete.
        package var setupFailure: CurlFailure? { setup == CURLE_OK ? nil : failure(setup) }

        /// libcurl's code with its error buffer's detail (or its generic text for the code).
        package func failure(_ code: CURLcode) -> CurlFailure {
            let detail = String(cString: errorBuffer)
            return CurlFailure(
                code: code.rawValue, reason: detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
        }

        private func set(_ code: CURLcode) { if setup == CURLE_OK { setup = code } }

        private static func easy(_ context: UnsafeMutableRawPointer) -> CurlEasy {
            Unmanaged<CurlEasy>.fromOpaque(context).takeUnretainedValue()
        }

        private static let headerCallback: ccurl_data_callback = { bytes, size, count, context in
            guard let bytes, let context else { return 0 }
            let length = size * count
            return easy(context).onHeader(UnsafeRawBufferPointer(start: bytes, count: length)) ? length : 0
        }

        private static let bodyCallback: ccurl_data_callback = { bytes, size, count, context in
            guard let bytes, let context else { return 0 }
            let length = size * count
            return easy(context).onBody(UnsafeRawBufferPointer(start: bytes, count: length)) ? length : 0
        }

        private static let readCallback: ccurl_data_callback = { bytes, size, count, context in
            guard let bytes, let context else { return Int(CURL_READFUNC_ABORT) }
            return easy(context).onRead(UnsafeMutableRawBufferPointer(start: bytes, count: size * count))
        }
    }

    /// What libcurl said when a request failed: its code and the error buffer's sentence.
    package struct CurlFailure: Sendable, Equatable {
        /// The `CURLcode`.
        package var code: UInt32
        /// The error buffer's detail, or libcurl's generic text for the code.
        package var reason: String
    }
#endif
