import Foundation
import SyntheticData

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The running part of a ``FaultProxy``: the listening socket, the accept thread and one thread
/// per connection (``FaultProxyRelay``). Threads hold this object, never the public proxy, so the
/// proxy's `deinit` still runs while they are alive and can stop them.
///
/// `@unchecked Sendable`: `upstreamPort`, `settings`, `scripts`, `port` and `listenFD` never
/// change after `init`; every other stored property is read and written only while holding `lock`.
final class FaultProxyCore: @unchecked Sendable {
    let upstreamPort: UInt16
    let settings: FaultProxy.Settings
    let scripts: [String: FaultProxy.Script]
    let port: UInt16
    private let listenFD: Int32
    private let lock = NSLock()
    private let threads = DispatchGroup()
    private var stopped = false
    private var healed = false
    private var connections: Set<Int32> = []
    private var received: [FaultProxy.Request] = []
    private var asked: [String: Int] = [:]

    init(upstreamPort: UInt16, settings: FaultProxy.Settings, scripts: [String: FaultProxy.Script]) throws {
        self.upstreamPort = upstreamPort
        self.settings = settings
        self.scripts = scripts
        (listenFD, port) = try LoopbackSocket.listener(backlog: Int32(max(settings.maxConnections, 1)))
        threads.enter()
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    var isStopped: Bool { lock.withLock { stopped } }

    var requests: [FaultProxy.Request] { lock.withLock { received } }

    func setHealed(_ value: Bool) { lock.withLock { healed = value } }

    /// Stops accepting, cuts open connections and waits (bounded) for every thread to end.
    func stop() {
        lock.withLock {
            stopped = true
            for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
        }
        _ = threads.wait(timeout: .now() + 5)
    }

    /// Records the request and decides its fault: the path's script, else the seeded draw; also
    /// returns the generator the relay draws offsets from and the record's number.
    func admit(
        method: String, path: String, range: String?
    ) -> (fault: FaultProxy.Fault?, rng: SplitMix64, record: Int) {
        lock.withLock {
            let index = asked[path, default: 0]
            asked[path] = index + 1
            var (fault, rng) = FaultProxy.draw(path: path, index: index, settings: settings)
            switch scripts[path] {
            case .first(let scripted, let times)? where index < times: fault = scripted
            case .every(let scripted)?: fault = scripted
            default: break
            }
            if healed { fault = nil }
            received.append(FaultProxy.Request(method: method, path: path, range: range, fault: fault))
            return (fault, rng, received.count - 1)
        }
    }

    /// Corrects the record of a request whose fault could not apply (no body to cut or flip: a 503 instead).
    func amend(record: Int, fault: FaultProxy.Fault) {
        lock.withLock { received[record].fault = fault }
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
            let admitted = lock.withLock { () -> Bool in
                guard !stopped, connections.count < settings.maxConnections else { return false }
                connections.insert(fd)
                return true
            }
            guard admitted else {
                close(fd)
                continue
            }
            threads.enter()
            Thread.detachNewThread { [self] in
                FaultProxyRelay(client: fd, core: self).serve()
                lock.withLock { _ = connections.remove(fd) }
                close(fd)
                threads.leave()
            }
        }
    }
}
