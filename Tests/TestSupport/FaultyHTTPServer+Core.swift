import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The running part of a ``FaultyHTTPServer``: the listening socket, the accept thread and one
/// thread per connection. Threads hold this object, never the public server, so the server's
/// `deinit` still runs while they are alive and can stop them.
///
/// `@unchecked Sendable`: `root`, `faults`, `limits`, `port` and `listenFD` never change after
/// `init`; every other stored property is read and written only while holding `lock`.
final class FaultyHTTPCore: @unchecked Sendable {
    let root: URL
    let faults: [String: FaultyHTTPServer.Fault]
    let limits: FaultyHTTPServer.Limits
    let port: UInt16
    private let listenFD: Int32
    private let lock = NSLock()
    private let threads = DispatchGroup()
    private var stopped = false
    private var connections: Set<Int32> = []
    private var received: [FaultyHTTPServer.Request] = []
    private var faultUses: [String: Int] = [:]

    init(root: URL, faults: [String: FaultyHTTPServer.Fault], limits: FaultyHTTPServer.Limits) throws {
        self.root = root.standardizedFileURL
        self.faults = faults
        self.limits = limits
        (listenFD, port) = try LoopbackSocket.listener(backlog: Int32(max(limits.maxConnections, 1)))
        threads.enter()
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    var isStopped: Bool { locked { stopped } }

    var requests: [FaultyHTTPServer.Request] { locked { received } }

    /// Open connections right now (for tests that check a transfer really ended).
    var connectionCount: Int { locked { connections.count } }

    /// Stops accepting, cuts open connections and waits (bounded) for every thread to end.
    func stop() {
        locked {
            stopped = true
            for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
        _ = threads.wait(timeout: .now() + 5)
    }

    func record(_ request: FaultyHTTPServer.Request) {
        locked { received.append(request) }
    }

    /// The fault to apply to this request of `path`, counting uses of `closeAfter` and `busy`.
    func fault(for path: String) -> FaultyHTTPServer.Fault? {
        guard let fault = faults[path] else { return nil }
        let times: Int
        switch fault {
        case .closeAfter(_, let requests), .busy(let requests, _): times = requests
        default: return fault
        }
        return locked {
            let used = faultUses[path, default: 0]
            faultUses[path] = used + 1
            return used < times ? fault : nil
        }
    }

    /// The file served for a request path: inside `root` only; a folder serves its index.html.
    func contents(of path: String) -> Data? {
        let parts = path.split(separator: "/").map(String.init)
        guard !parts.contains(".."), !parts.contains(".") else { return nil }
        var url = parts.reduce(root) { $0.appendingPathComponent($1) }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue { url.appendPathComponent("index.html") }
        return FileManager.default.contents(atPath: url.path)
    }

    private func acceptLoop() {
        defer {
            close(listenFD)
            threads.leave()
        }
        while !isStopped {
            guard LoopbackSocket.waitReadable(listenFD, milliseconds: 50) else { continue }
            let fd = accept(listenFD, nil, nil)
            guard fd >= 0 else { continue }
            guard admit(fd) else {
                close(fd)
                continue
            }
            threads.enter()
            Thread.detachNewThread { [self] in
                FaultyHTTPConnection(fd: fd, core: self).serve()
                locked { _ = connections.remove(fd) }
                close(fd)
                threads.leave()
            }
        }
    }

    private func admit(_ fd: Int32) -> Bool {
        locked {
            guard !stopped, connections.count < limits.maxConnections else { return false }
            connections.insert(fd)
            return true
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
