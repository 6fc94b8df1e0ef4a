import Foundation
import SyntheticData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One accepted connection of a ``FaultProxy``: reads one request, asks the core for its fault,
/// fetches the answer from the upstream server (unless the fault is a 503) and sends it on,
/// damaged as the fault says; then closes. Every wait is bounded by the proxy's
/// ``FaultProxy/Settings`` and ends early when the proxy stops.
struct FaultProxyRelay {
    let client: Int32
    let core: FaultProxyCore
    let deadline: Date

    init(client: Int32, core: FaultProxyCore) {
        self.client = client
        self.core = core
        deadline = Date().addingTimeInterval(core.settings.maxSeconds)
        LoopbackSocket.setTimeouts(client, seconds: 5)
    }

    /// Whether the connection may go on: the proxy runs and the time cap is not reached.
    private var keepGoing: Bool { !core.isStopped && Date() < deadline }

    func serve() {
        defer { lingeringClose() }
        guard let head = ProxySocket.readHead(client) else { return }
        let parts = (head.lines.first ?? "").split(separator: " ")
        guard parts.count >= 2 else { return }
        let method = String(parts[0])
        let target = parts[1].split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
        let path = target.removingPercentEncoding ?? target
        var (fault, rng, record) = core.admit(method: method, path: path, range: head.header("range"))
        if case .busy(let retryAfter)? = fault { return busy(retryAfter: retryAfter) }
        guard var answer = fetchUpstream(head, method: method) else { return }
        if fault != nil, answer.body.isEmpty {
            // Nothing to cut, stall or flip (a HEAD, an empty file): the response is a 503 instead.
            core.amend(record: record, fault: .busy(retryAfter: nil))
            return busy(retryAfter: nil)
        }
        switch fault {
        case .cut?:
            guard write(answer.head) else { return }
            write(answer.body.prefix(rng.below(answer.body.count)))
        case .stall?:
            guard write(answer.head) else { return }
            guard write(answer.body.prefix(rng.below(answer.body.count))) else { return }
            stall()
        case .flip?:
            let offset = answer.body.startIndex + rng.below(answer.body.count)
            answer.body[offset] ^= 0xFF
            guard write(answer.head) else { return }
            write(answer.body)
        default:
            guard write(answer.head) else { return }
            write(answer.body)
        }
    }

    /// The upstream's answer to the request: its head (hop-by-hop headers replaced by
    /// `Connection: close`) and its whole body (at most ``FaultProxy/Settings/maxBodyBytes``);
    /// nil when the upstream cannot be reached or answers nothing readable.
    private func fetchUpstream(_ head: ProxySocket.Head, method: String) -> (head: Data, body: Data)? {
        guard let upstream = LoopbackSocket.connected(port: core.upstreamPort) else { return nil }
        defer { close(upstream) }
        LoopbackSocket.setTimeouts(upstream, seconds: 10)
        let request = Self.withoutHopByHop(head.lines).joined(separator: "\r\n") + "\r\nConnection: close\r\n\r\n"
        guard ProxySocket.send(upstream, Data(request.utf8)), var answer = ProxySocket.readHead(upstream) else {
            return nil
        }
        let status = Int((answer.lines.first ?? "").split(separator: " ").dropFirst().first ?? "") ?? 0
        let cap = core.settings.maxBodyBytes
        var body = Data()
        if method != "HEAD", status >= 200, status != 204, status != 304 {
            if let length = answer.header("content-length").flatMap({ Int($0) }) {
                body = ProxySocket.read(upstream, count: min(length, cap), initial: &answer.rest) ?? answer.rest
            } else {
                body = answer.rest
                while body.count < cap, keepGoing, let chunk = ProxySocket.readSome(upstream) { body.append(chunk) }
            }
        }
        let lines = Self.withoutHopByHop(answer.lines) + ["Connection: close", "", ""]
        return (Data(lines.joined(separator: "\r\n").utf8), body.prefix(cap))
    }

    /// `503 Service Unavailable`, with `Retry-After` when given.
    private func busy(retryAfter: String?) {
        let body = "busy (injected by the fault proxy)\n"
        var lines = [
            "HTTP/1.1 503 Service Unavailable", "Content-Type: text/plain", "Content-Length: \(body.utf8.count)",
        ]
        if let retryAfter { lines.append("Retry-After: \(retryAfter)") }
        write(Data((lines + ["Connection: close", "", body]).joined(separator: "\r\n").utf8))
    }

    /// Sends nothing more for ``FaultProxy/Settings/stallSeconds``, or until the client gives up.
    private func stall() {
        let until = Date().addingTimeInterval(core.settings.stallSeconds)
        var scratch = [UInt8](repeating: 0, count: 1024)
        while Date() < until, keepGoing {
            guard LoopbackSocket.waitReadable(client, milliseconds: 50) else { continue }
            let n = recv(client, &scratch, scratch.count, 0)
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { return }
        }
    }

    /// Sends raw bytes; false once the client is gone or the connection must end.
    @discardableResult
    private func write(_ data: Data) -> Bool {
        data.withUnsafeBytes { LoopbackSocket.sendAll(client, $0, keepGoing: { keepGoing }) }
    }

    /// Ends with FIN rather than RST: stop writing, then wait briefly for the client to close.
    private func lingeringClose() {
        shutdown(client, Int32(SHUT_WR))
        var scratch = [UInt8](repeating: 0, count: 1024)
        let until = Date().addingTimeInterval(1)
        while Date() < until, !core.isStopped {
            guard LoopbackSocket.waitReadable(client, milliseconds: 50) else { continue }
            let n = recv(client, &scratch, scratch.count, 0)
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { return }
        }
    }

    /// Header lines without the hop-by-hop ones this proxy replaces (`Connection`, `Keep-Alive`, …).
    static func withoutHopByHop(_ lines: [String]) -> [String] {
        lines.filter {
            let name = $0.split(separator: ":", maxSplits: 1).first?.lowercased() ?? ""
            return !["connection", "keep-alive", "proxy-connection"].contains(name)
        }
    }
}
