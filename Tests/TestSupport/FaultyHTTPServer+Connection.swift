import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One accepted connection of a ``FaultyHTTPServer``: reads one request, answers it (with the
/// path's fault, if any) and closes — `Connection: close` on every response, no keep-alive.
/// Every wait is bounded by ``FaultyHTTPServer/Limits`` and stops early when the server stops.
struct FaultyHTTPConnection {
    let fd: Int32
    let core: FaultyHTTPCore
    let deadline: Date

    init(fd: Int32, core: FaultyHTTPCore) {
        self.fd = fd
        self.core = core
        deadline = Date().addingTimeInterval(core.limits.maxSeconds)
        LoopbackSocket.setTimeouts(fd, seconds: 0.25)
    }

    /// Whether the connection may go on: the server runs and the time cap is not reached.
    var keepGoing: Bool { !core.isStopped && Date() < deadline }

    func serve() {
        guard let request = readRequest() else { return }
        core.record(request)
        let response = FaultyHTTPResponse(connection: self, request: request)
        response.send(fault: core.fault(for: request.path))
        lingeringClose()
    }

    /// Sends raw bytes; false once the client is gone or the connection must end.
    @discardableResult
    func write(_ data: Data) -> Bool {
        data.withUnsafeBytes { LoopbackSocket.sendAll(fd, $0, keepGoing: { keepGoing }) }
    }

    /// Reads up to the end of the headers (at most 16 KiB, within the header timeout).
    private func readRequest() -> FaultyHTTPServer.Request? {
        let headerDeadline = Date().addingTimeInterval(core.limits.headerTimeout)
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let end = Data("\r\n\r\n".utf8)
        while buffer.range(of: end) == nil {
            guard keepGoing, Date() < headerDeadline, buffer.count < 16 * 1024 else { return nil }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n > 0 {
                buffer.append(contentsOf: chunk[0..<n])
            } else if n == 0 || !(errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                return nil
            }
        }
        return Self.parse(String(decoding: buffer, as: UTF8.self))
    }

    static func parse(_ head: String) -> FaultyHTTPServer.Request? {
        let lines = head.components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        let target = parts[1].split(separator: "?", maxSplits: 1).first.map(String.init) ?? "/"
        let path = target.removingPercentEncoding ?? target
        let range = lines.dropFirst().first { $0.lowercased().hasPrefix("range:") }
            .map { $0.dropFirst("range:".count).trimmingCharacters(in: .whitespaces) }
        return FaultyHTTPServer.Request(method: String(parts[0]), path: path, range: range)
    }

    /// Ends the response with FIN rather than RST: stop writing, then wait briefly for the
    /// client to close its side.
    private func lingeringClose() {
        shutdown(fd, Int32(SHUT_WR))
        var chunk = [UInt8](repeating: 0, count: 1024)
        let until = Date().addingTimeInterval(1)
        while Date() < until, !core.isStopped {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { return }
        }
    }
}
