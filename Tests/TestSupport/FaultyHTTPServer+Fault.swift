extension FaultyHTTPServer {
    /// What goes wrong when a path is requested. Paths without a fault are served normally
    /// (200, or 206 for `Range: bytes=N-` / `bytes=N-M`, 404 for a missing file).
    ///
    /// ```swift
    /// let server = try FaultyHTTPServer(root: dist, faults: [
    ///     "/packs/p/1/pack.tar": .closeAfter(bytes: 1000),            // first request only
    ///     "/catalog.json": .status(403, body: "<html>denied</html>", contentType: "text/html"),
    /// ])
    /// ```
    public enum Fault: Sendable, Equatable {
        /// Declares the full length, sends `bytes` body bytes, then closes the connection — for
        /// the first `requests` requests of the path; later ones are served normally.
        case closeAfter(bytes: Int, requests: Int = 1)
        /// 503 with `Retry-After: retryAfter` (when given) for the first `requests` requests of the
        /// path; later ones are served normally.
        case busy(requests: Int, retryAfter: String? = nil)
        /// Ignores `Range`: always 200 with the whole body.
        case ignoreRange
        /// Answers with this status and body instead of the file (the file need not exist).
        case status(Int, body: String, contentType: String = "text/html")
        /// Sends the whole file plus `extra` filler bytes (200, `Range` ignored). With
        /// `declareLength` the Content-Length counts the extra bytes; without it there is no
        /// Content-Length and the connection closes after the body.
        case oversend(extra: Int, declareLength: Bool = true)
        /// Sends the body `bytes` at a time with a pause of `every` seconds before each next
        /// slice — a pause longer than a client's idle timeout (`timeoutIntervalForRequest`)
        /// makes it fire. See also ``trickle(bytesPerSecond:)``.
        case trickle(bytes: Int, every: Double)
        /// 302 with `Location: location` (a path on this server or a whole URL), every time.
        case redirect(to: String)
        /// 200 without Content-Length and a body that never ends — until the client disconnects,
        /// the server stops, or ``Limits/endlessBytes`` / ``Limits/maxSeconds`` are reached.
        case endless

        /// Sends the body at about `bytesPerSecond`, in ten slices a second — slow enough to
        /// outlast a client's overall deadline, though never idle for long.
        public static func trickle(bytesPerSecond: Int) -> Fault {
            .trickle(bytes: max(bytesPerSecond / 10, 1), every: 0.1)
        }
    }

    /// Bounds that keep the server from running away, whatever a test or client does.
    ///
    /// ```swift
    /// let server = try FaultyHTTPServer(root: dir, faults: ["/big": .endless], limits: .init(endlessBytes: 1 << 20))
    /// ```
    public struct Limits: Sendable {
        /// Connections served at once; more are closed right after accept.
        public var maxConnections: Int
        /// The most bytes `.endless` sends on one connection.
        public var endlessBytes: Int
        /// The longest one connection is kept, in seconds (trickle and endless included).
        public var maxSeconds: Double
        /// How long the server waits for a request's headers, in seconds.
        public var headerTimeout: Double

        public init(
            maxConnections: Int = 16, endlessBytes: Int = 256 << 20, maxSeconds: Double = 30,
            headerTimeout: Double = 5
        ) {
            self.maxConnections = maxConnections
            self.endlessBytes = endlessBytes
            self.maxSeconds = maxSeconds
            self.headerTimeout = headerTimeout
        }
    }

    /// One request as received, for assertions.
    public struct Request: Sendable, Equatable, CustomStringConvertible {
        public var method: String
        /// The request target without its query string, e.g. `/packs/p/1/manifest.json`.
        public var path: String
        /// The `Range` header as sent, e.g. `bytes=100-`; nil without one.
        public var range: String?

        public init(method: String, path: String, range: String? = nil) {
            self.method = method
            self.path = path
            self.range = range
        }

        public var description: String { "\(method) \(path)" + (range.map { " Range: \($0)" } ?? "") }
    }
}
