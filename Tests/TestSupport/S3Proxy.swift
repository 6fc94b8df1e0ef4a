import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A recording, fault-injecting HTTP proxy on 127.0.0.1 in front of an S3 server (moto), for
/// what the server will not do by itself: answer `503 SlowDown`, refuse with `403`, or drop a
/// connection in the middle of a request body. Each connection carries one request
/// (`Connection: close`); every request is recorded in arrival order.
///
/// ```swift
/// let proxy = try S3Proxy(upstreamPort: moto.port, rules: [.init(method: "PUT", pathContains: "pack.tar",
///                                                                fault: .status(503, code: "SlowDown"))])
/// // … push to proxy.endpoint …
/// #expect(proxy.requests.last?.path.hasSuffix("catalog.json") == true)
/// ```
public final class S3Proxy: @unchecked Sendable {
    public enum Fault: Sendable, Equatable {
        /// Answer with this status and an S3 error document carrying `code`.
        case status(Int, code: String)
        /// Read this many body bytes, then close the connection without an answer.
        case dropAfter(bytes: Int)
    }

    /// Applies `fault` to the first `times` requests matching method, path and query.
    public struct Rule: Sendable {
        public var method: String?
        public var pathContains: String
        public var queryContains: String?
        public var fault: Fault
        public var times: Int
        /// Only server-side copies (requests carrying `x-amz-copy-source`).
        public var copiesOnly: Bool

        public init(
            method: String? = nil, pathContains: String, queryContains: String? = nil, fault: Fault, times: Int = 1,
            copiesOnly: Bool = false
        ) {
            self.method = method
            self.pathContains = pathContains
            self.queryContains = queryContains
            self.fault = fault
            self.times = times
            self.copiesOnly = copiesOnly
        }
    }

    public struct Request: Sendable, Equatable {
        public var method: String
        /// The path, percent-decoded (`/bucket/catalog.json`).
        public var path: String
        public var query: String
        /// The fault applied, or nil when the request went through to the server.
        public var fault: Fault?
        /// The `Authorization` and `x-amz-security-token` headers as sent.
        public var authorization: String?
        public var securityToken: String?
        /// `x-amz-copy-source` as sent (a server-side copy), else nil.
        public var copySource: String? = nil
    }

    public let endpoint: URL
    private let upstreamPort: UInt16
    private let listenFD: Int32
    private let lock = NSLock()
    private var rules: [Rule]
    private var log: [Request] = []
    private var stopped = false

    public init(upstreamPort: UInt16, rules: [Rule] = []) throws {
        self.upstreamPort = upstreamPort
        self.rules = rules
        let (fd, port) = try LoopbackSocket.listener(backlog: 64)
        listenFD = fd
        endpoint = URL(string: "http://127.0.0.1:\(port)")!
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    public var requests: [Request] {
        lock.lock()
        defer { lock.unlock() }
        return log
    }

    /// Adds `rule` to the ones applied from now on (the same endpoint, a new fault).
    public func add(_ rule: Rule) {
        lock.lock()
        defer { lock.unlock() }
        rules.append(rule)
    }

    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        shutdown(listenFD, Int32(SHUT_RDWR))
        close(listenFD)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func acceptLoop() {
        while !isStopped {
            guard LoopbackSocket.waitReadable(listenFD, milliseconds: 100) else { continue }
            let client = accept(listenFD, nil, nil)
            guard client >= 0 else { continue }
            Thread.detachNewThread { [self] in
                serve(client)
                close(client)
            }
        }
    }

    private func takeFault(method: String, path: String, query: String, isCopy: Bool) -> Fault? {
        lock.lock()
        defer { lock.unlock() }
        guard
            let index = rules.firstIndex(where: { rule in
                rule.times > 0 && (rule.method == nil || rule.method == method) && path.contains(rule.pathContains)
                    && (!rule.copiesOnly || isCopy)
                    && (rule.queryContains.map { query.contains($0) } ?? true)
            })
        else { return nil }
        rules[index].times -= 1
        return rules[index].fault
    }

    private func record(_ request: Request) {
        lock.lock()
        log.append(request)
        lock.unlock()
    }

    private func serve(_ client: Int32) {
        LoopbackSocket.setTimeouts(client, seconds: 30)
        guard var head = ProxySocket.readHead(client) else { return }
        let requestLine = head.lines.first ?? ""
        let parts = requestLine.split(separator: " ")
        guard parts.count >= 2 else { return }
        let method = String(parts[0])
        let target = String(parts[1])
        let pathPart = String(target.split(separator: "?", maxSplits: 1).first ?? "")
        let path = pathPart.removingPercentEncoding ?? pathPart
        let query = target.contains("?") ? String(target.split(separator: "?", maxSplits: 1)[1]) : ""
        let length = Int(head.header("content-length") ?? "0") ?? 0
        if head.header("expect")?.lowercased() == "100-continue" {
            _ = ProxySocket.send(client, Data("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        let copySource = head.header("x-amz-copy-source")
        let fault = takeFault(method: method, path: path, query: query, isCopy: copySource != nil)
        record(
            Request(
                method: method, path: path, query: query, fault: fault, authorization: head.header("authorization"),
                securityToken: head.header("x-amz-security-token"), copySource: copySource))
        switch fault {
        case .dropAfter(let bytes)?:
            _ = ProxySocket.read(client, count: min(bytes, length), initial: &head.rest)
            return
        case .status(let status, let code)?:
            _ = ProxySocket.read(client, count: length, initial: &head.rest)
            let xml =
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Error><Code>\(code)</Code><Message>injected by the test proxy</Message></Error>"
            let response =
                "HTTP/1.1 \(status) Injected\r\nContent-Type: application/xml\r\nContent-Length: \(xml.utf8.count)\r\nConnection: close\r\n\r\n"
                + xml
            _ = ProxySocket.send(client, Data(response.utf8))
            return
        case nil:
            guard let body = ProxySocket.read(client, count: length, initial: &head.rest),
                let upstream = LoopbackSocket.connected(port: upstreamPort)
            else { return }
            defer { close(upstream) }
            LoopbackSocket.setTimeouts(upstream, seconds: 60)
            let forwarded = head.lines.filter {
                let name = $0.split(separator: ":").first?.lowercased() ?? ""
                return name != "expect" && name != "connection"
            }
            var outgoing = Data((forwarded.joined(separator: "\r\n") + "\r\nConnection: close\r\n\r\n").utf8)
            outgoing.append(body)
            guard ProxySocket.send(upstream, outgoing), let answer = ProxySocket.readHead(upstream) else { return }
            let answerLines = answer.lines.filter {
                ($0.split(separator: ":").first?.lowercased() ?? "") != "connection"
            }
            var reply = Data((answerLines.joined(separator: "\r\n") + "\r\nConnection: close\r\n\r\n").utf8)
            reply.append(answer.rest)
            guard ProxySocket.send(client, reply) else { return }
            while let chunk = ProxySocket.readSome(upstream) {
                guard ProxySocket.send(client, chunk) else { return }
            }
        }
    }
}

/// Blocking socket reads and writes for ``S3Proxy``.
enum ProxySocket {
    struct Head {
        var lines: [String]
        /// Bytes read past the head (the start of the body).
        var rest: Data

        func header(_ name: String) -> String? {
            for line in lines.dropFirst() {
                let pair = line.split(separator: ":", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name {
                    return pair[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    static func readHead(_ fd: Int32) -> Head? {
        var buffer = Data()
        let separator = Data("\r\n\r\n".utf8)
        while buffer.count < 64 << 10 {
            guard let chunk = readSome(fd) else { return nil }
            buffer.append(chunk)
            if let range = buffer.range(of: separator) {
                let text = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                return Head(lines: text.components(separatedBy: "\r\n"), rest: Data(buffer[range.upperBound...]))
            }
        }
        return nil
    }

    /// Up to 64 KiB, or nil at end of stream or on error.
    static func readSome(_ fd: Int32) -> Data? {
        var bytes = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = recv(fd, &bytes, bytes.count, 0)
            if n > 0 { return Data(bytes[0..<n]) }
            if n < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// Exactly `count` bytes (starting with `initial`), or nil if the stream ends first.
    static func read(_ fd: Int32, count: Int, initial: inout Data) -> Data? {
        var data = initial
        while data.count < count {
            guard let chunk = readSome(fd) else { return nil }
            data.append(chunk)
        }
        return data.prefix(count)
    }

    static func send(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { LoopbackSocket.sendAll(fd, $0, keepGoing: { true }) }
    }
}
