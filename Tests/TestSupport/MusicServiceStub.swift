import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scripted HTTP server on 127.0.0.1 that plays the Apple Music API and the Spotify Web API
/// from fixture files: each request target (path and query) has a queue of answers, the last
/// one repeating. `{{base}}` in a body becomes the server's base URL (for Spotify's absolute
/// `next` links). Requests are recorded with their `Authorization` header.
///
/// ```swift
/// let stub = try MusicServiceStub()
/// stub.route("/v1/playlists/sp1", .file("spotify/playlist.json"))
/// stub.route("/v1/playlists/sp1/tracks?limit=100&offset=0", .status(429, headers: ["Retry-After": "7"]), .file("spotify/tracks-1.json"))
/// ```
public final class MusicServiceStub: @unchecked Sendable {
    /// One scripted answer.
    public enum Answer: Sendable {
        /// 200 with a fixture file from `Tests/MusicFixtures`.
        case file(String)
        /// 200 with this body.
        case body(String)
        /// This status, headers and body.
        case status(Int, headers: [String: String] = [:], body: String = "")
        /// Closes the connection without answering.
        case drop
        /// 200 without Content-Length and a body that goes on until the client leaves (at most 64 MiB).
        case endless
    }

    /// One request as received.
    public struct Request: Sendable, Equatable {
        public var target: String
        public var authorization: String?
    }

    /// The fixture folder, `Tests/MusicFixtures`.
    public static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("MusicFixtures")

    private let lock = NSLock()
    private var routes: [String: [Answer]] = [:]
    private var used: [String: Int] = [:]
    private var received: [Request] = []
    private var stopped = false
    private let listenFD: Int32
    public let port: UInt16
    private let done = DispatchGroup()

    public init() throws {
        (listenFD, port) = try LoopbackSocket.listener(backlog: 32)
        done.enter()
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    deinit { stop() }

    /// `http://127.0.0.1:<port>`
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    public var requests: [Request] { lock.withLock { received } }

    /// Scripts the answers to `target` (path with its query, exactly as the client sends it).
    public func route(_ target: String, _ answers: Answer...) {
        lock.withLock {
            routes[target] = answers
            used[target] = 0
        }
    }

    public func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        if first { _ = done.wait(timeout: .now() + 5) }
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    private func acceptLoop() {
        defer {
            close(listenFD)
            done.leave()
        }
        while !isStopped {
            guard LoopbackSocket.waitReadable(listenFD, milliseconds: 50) else { continue }
            let fd = accept(listenFD, nil, nil)
            guard fd >= 0 else { continue }
            done.enter()
            Thread.detachNewThread { [self] in
                serve(fd)
                close(fd)
                done.leave()
            }
        }
    }

    private func serve(_ fd: Int32) {
        LoopbackSocket.setTimeouts(fd, seconds: 0.5)
        guard let (target, authorization) = readHead(fd) else { return }
        let answer: Answer = lock.withLock {
            received.append(Request(target: target, authorization: authorization))
            guard let list = routes[target], !list.isEmpty else { return .status(404, body: #"{"errors":[]}"#) }
            let n = used[target, default: 0]
            used[target] = n + 1
            return list[min(n, list.count - 1)]
        }
        switch answer {
        case .file(let name):
            let text =
                (try? String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8))
                ?? "missing fixture \(name)"
            send(fd, status: 200, headers: [:], body: text)
        case .body(let text):
            send(fd, status: 200, headers: [:], body: text)
        case .status(let code, let headers, let body):
            send(fd, status: code, headers: headers, body: body)
        case .drop:
            return
        case .endless:
            write(fd, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n{\"data\":[\"")
            let chunk = Data(repeating: UInt8(ascii: "x"), count: 64 << 10)
            for _ in 0..<1024 where !isStopped {
                guard chunk.withUnsafeBytes({ LoopbackSocket.sendAll(fd, $0, keepGoing: { !self.isStopped }) }) else {
                    return
                }
            }
        }
    }

    private func send(_ fd: Int32, status: Int, headers: [String: String], body: String) {
        let bytes = Data(body.replacingOccurrences(of: "{{base}}", with: baseURL.absoluteString).utf8)
        var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Status")\r\nContent-Type: application/json\r\n"
        for (k, v) in headers { head += "\(k): \(v)\r\n" }
        head += "Content-Length: \(bytes.count)\r\nConnection: close\r\n\r\n"
        write(fd, head)
        _ = bytes.withUnsafeBytes { LoopbackSocket.sendAll(fd, $0, keepGoing: { !self.isStopped }) }
        shutdown(fd, Int32(SHUT_WR))
        var sink = [UInt8](repeating: 0, count: 512)
        let until = Date().addingTimeInterval(1)
        while Date() < until, recv(fd, &sink, sink.count, 0) > 0 {}
    }

    private func write(_ fd: Int32, _ text: String) {
        _ = Data(text.utf8).withUnsafeBytes { LoopbackSocket.sendAll(fd, $0, keepGoing: { !self.isStopped }) }
    }

    private func readHead(_ fd: Int32) -> (String, String?)? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        let until = Date().addingTimeInterval(5)
        while buffer.range(of: Data("\r\n\r\n".utf8)) == nil {
            guard Date() < until, !isStopped, buffer.count < 32 << 10 else { return nil }
            let n = recv(fd, &chunk, chunk.count, 0)
            if n > 0 { buffer.append(contentsOf: chunk[0..<n]) } else if n == 0 { return nil }
        }
        let lines = String(decoding: buffer, as: UTF8.self).components(separatedBy: "\r\n")
        let parts = lines.first?.split(separator: " ") ?? []
        guard parts.count >= 2 else { return nil }
        let auth = lines.dropFirst().first { $0.lowercased().hasPrefix("authorization:") }
            .map { $0.dropFirst("authorization:".count).trimmingCharacters(in: .whitespaces) }
        return (String(parts[1]), auth)
    }
}
