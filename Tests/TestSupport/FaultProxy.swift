import Foundation
import SyntheticData

/// A seeded, fault-injecting HTTP/1.1 proxy on 127.0.0.1 in front of a real server (nginx, a
/// ``FaultyHTTPServer``): it forwards each request and, for a seeded fraction of the responses,
/// answers with one fault instead — the body cut at a random byte count, a stall (part of the
/// body, then silence longer than a client's stall timeout, then the connection closed), one byte
/// of the body flipped, or `503` (sometimes with `Retry-After: 0` or `1`).
///
/// Each request's fate is drawn from a ``SplitMix64`` seeded with the seed, the path and how
/// many times that path was asked before, so a run replays from its seed whatever the timing.
/// ``scripts`` fault chosen paths on purpose. Every request is answered with
/// `Connection: close` and recorded (with its fault); bodies are buffered (at most
/// ``Settings/maxBodyBytes``), connections are capped in number and time, and the proxy stops by
/// itself when released.
///
/// ```swift
/// let server = try FaultyHTTPServer(root: dist.path)
/// let proxy = try FaultProxy(upstream: server.baseURL, settings: .init(seed: 7, rate: 0.45))
/// // … sync and install from proxy.baseURL …
/// print(proxy.faultCounts)        // [.cut: 3, .stall: 2, .flip: 4, .busy: 3]
/// proxy.heal()                    // every later response goes through untouched
/// ```
public final class FaultProxy: Sendable {
    /// What goes wrong with one response.
    public enum Fault: Sendable, Hashable, CustomStringConvertible {
        /// The head and a random part of the body, then the connection closes.
        case cut
        /// The head and a random part of the body, then nothing for ``Settings/stallSeconds``
        /// (or until the client gives up), then the connection closes.
        case stall
        /// The whole body with the byte at a random offset XOR-ed with 0xFF (so a byte of text is
        /// never text again).
        case flip
        /// `503 Service Unavailable` with this `Retry-After` (none when nil); the server is not asked.
        case busy(retryAfter: String?)

        /// The fault without its parameters.
        public var kind: Kind {
            switch self {
            case .cut: .cut
            case .stall: .stall
            case .flip: .flip
            case .busy: .busy
            }
        }

        public var description: String {
            if case .busy(let retryAfter?) = self { return "503 (Retry-After: \(retryAfter))" }
            return kind.rawValue
        }
    }

    /// The kinds of ``Fault``, for drawing and counting.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Comparable {
        case cut, stall, flip, busy

        public static func < (a: Kind, b: Kind) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// Faults for one path on purpose, beside (and before) the random ones.
    ///
    /// ```swift
    /// let proxy = try FaultProxy(upstream: url, scripts: ["/packs/p/1/pack.tar": .first(.flip)])
    /// ```
    public enum Script: Sendable, Hashable {
        /// `fault` for the first `times` requests of the path.
        case first(Fault, times: Int = 1)
        /// `fault` for every request of the path.
        case every(Fault)
    }

    /// The seed, the fault rate and the bounds.
    public struct Settings: Sendable {
        /// Replays a run: the same seed faults the same requests the same way.
        public var seed: UInt64
        /// The fraction of responses faulted at random (0 … 1).
        public var rate: Double
        /// The kinds drawn (each equally likely).
        public var kinds: [Kind]
        /// How long a stalled response stays silent before the proxy closes it.
        public var stallSeconds: Double
        /// Connections served at once; more are closed right after accept.
        public var maxConnections: Int
        /// The longest one connection is kept, in seconds.
        public var maxSeconds: Double
        /// The largest response body relayed; a longer one is cut there.
        public var maxBodyBytes: Int

        public init(
            seed: UInt64 = 1, rate: Double = 0, kinds: [Kind] = Kind.allCases, stallSeconds: Double = 1.5,
            maxConnections: Int = 32, maxSeconds: Double = 30, maxBodyBytes: Int = 64 << 20
        ) {
            self.seed = seed
            self.rate = rate
            self.kinds = kinds
            self.stallSeconds = stallSeconds
            self.maxConnections = maxConnections
            self.maxSeconds = maxSeconds
            self.maxBodyBytes = maxBodyBytes
        }
    }

    /// One request as received, with the fault it got.
    public struct Request: Sendable, Equatable, CustomStringConvertible {
        public var method: String
        /// The request target without its query string, e.g. `/packs/p/1/pack.tar`.
        public var path: String
        /// The `Range` header as sent, e.g. `bytes=100-`.
        public var range: String?
        /// The fault applied, or nil when the response went through untouched.
        public var fault: Fault?

        public var description: String {
            "\(method) \(path)" + (range.map { " Range: \($0)" } ?? "") + (fault.map { " → \($0)" } ?? "")
        }
    }

    private let core: FaultProxyCore

    /// Starts a proxy for `upstream` (an `http://127.0.0.1:<port>/` server) on a free loopback port.
    public init(upstream: URL, settings: Settings = Settings(), scripts: [String: Script] = [:]) throws {
        guard upstream.scheme == "http", upstream.host == "127.0.0.1", let port = upstream.port else {
            throw LoopbackSocket.Failure("FaultProxy forwards to http://127.0.0.1:<port> only, not \(upstream)")
        }
        core = try FaultProxyCore(upstreamPort: UInt16(port), settings: settings, scripts: scripts)
    }

    deinit { core.stop() }

    /// `http://127.0.0.1:<port>/`
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(core.port)/")! }

    /// Requests received so far, in arrival order.
    public var requests: [Request] { core.requests }

    /// Faults injected so far, by kind.
    public var faultCounts: [Kind: Int] {
        requests.compactMap(\.fault).reduce(into: [:]) { $0[$1.kind, default: 0] += 1 }
    }

    /// Faults off (random and scripted): every later response goes through untouched.
    public func heal() { core.setHealed(true) }

    /// Stops accepting, cuts open connections and waits (at most a few seconds) for them to end.
    public func stop() { core.stop() }

    /// The fault for the `index`-th request (from 0) of `path` under `settings`: the pure draw
    /// the proxy makes, exposed so a test can check a run replays.
    public static func draw(path: String, index: Int, settings: Settings) -> (Fault?, SplitMix64) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var rng = SplitMix64(seed: (settings.seed &* 0x9E37_79B9_7F4A_7C15 ^ hash) &+ UInt64(index))
        guard rng.unit() < settings.rate, !settings.kinds.isEmpty else { return (nil, rng) }
        switch settings.kinds[rng.below(settings.kinds.count)] {
        case .cut: return (.cut, rng)
        case .stall: return (.stall, rng)
        case .flip: return (.flip, rng)
        case .busy: return (.busy(retryAfter: [nil, "0", "1"][rng.below(3)]), rng)
        }
    }
}
