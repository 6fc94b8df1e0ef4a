import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A GET request on a connection the test holds open by hand: it counts against a server's
/// connection limit without a URLSession or a Task, so the test does not depend on when the
/// (busy, two-thread) scheduler gets round to running one.
///
/// ```swift
/// let held = try RawHTTPConnection(port: server.port, path: "/packs/p/1/a.bin")
/// try await waitUntil { server.openConnections == 1 }
/// held.close()
/// ```
public final class RawHTTPConnection: @unchecked Sendable {
    private let lock = NSLock()
    private var fd: Int32

    public init(port: UInt16, path: String) throws {
        guard let fd = LoopbackSocket.connected(port: port) else {
            throw LoopbackSocket.Failure("connect to 127.0.0.1:\(port)")
        }
        self.fd = fd
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8)
        let sent = request.withUnsafeBytes { LoopbackSocket.sendAll(fd, $0, keepGoing: { true }) }
        guard sent else {
            close()
            throw LoopbackSocket.Failure("send a request to 127.0.0.1:\(port)")
        }
    }

    /// Closes the connection (once; later calls do nothing).
    public func close() {
        lock.withLock {
            if fd >= 0 {
                #if canImport(Glibc)
                    _ = Glibc.close(fd)
                #else
                    _ = Darwin.close(fd)
                #endif
                fd = -1
            }
        }
    }

    deinit { close() }
}
