import Foundation

/// A tiny HTTP/1.1 file server on 127.0.0.1 with injectable faults per path — for the failures
/// a real server such as nginx will not produce: connections cut mid-body, `Range` ignored,
/// error pages, too many bytes, trickling or endless bodies.
///
/// Every request is answered with `Connection: close`; requests are recorded for assertions.
/// Everything is bounded (see ``Limits``) and the server stops by itself when released.
///
/// ```swift
/// let server = try FaultyHTTPServer(root: dist.path, faults: ["/packs/p/1/pack.tar": .closeAfter(bytes: 512)])
/// let url = server.baseURL.appendingPathComponent("packs/p/1/pack.tar")
/// // … the client under test downloads `url`, sees a short body, retries with Range …
/// #expect(server.requests.map(\.range) == [nil, "bytes=512-"])
/// ```
public final class FaultyHTTPServer: Sendable {
    private let core: FaultyHTTPCore

    /// Starts serving `root` (files only; `..` is refused) with `faults` keyed by request path
    /// (`/catalog.json`, `/packs/<id>/1/pack.tar`, …).
    public init(root: String, faults: [String: Fault] = [:], limits: Limits = Limits()) throws {
        core = try FaultyHTTPCore(root: URL(fileURLWithPath: root, isDirectory: true), faults: faults, limits: limits)
    }

    deinit { core.stop() }

    /// `http://127.0.0.1:<port>/`
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(core.port)/")! }

    /// The port the server listens on.
    public var port: UInt16 { core.port }

    /// Requests received so far, in arrival order.
    public var requests: [Request] { core.requests }

    /// Connections open right now; 0 once every transfer has ended.
    public var openConnections: Int { core.connectionCount }

    /// Stops accepting, cuts open connections and waits (at most a few seconds) for them to end.
    /// Safe to call more than once; `deinit` calls it too.
    public func stop() { core.stop() }
}
