import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small POSIX socket helpers shared by the test servers: loopback listening sockets, free
/// ports, timed connects and sends that never raise SIGPIPE.
///
/// ```swift
/// let port = try LoopbackSocket.freePort()
/// let reachable = LoopbackSocket.canConnect(port: port)
/// ```
enum LoopbackSocket {
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ what: String) { description = "\(what): \(String(cString: strerror(errno)))" }
    }

    /// A listening TCP socket on 127.0.0.1 (`port` 0 picks a free one); returns the fd and its port.
    static func listener(port: UInt16 = 0, backlog: Int32 = 16) throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(streamType), 0)
        guard fd >= 0 else { throw Failure("socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, systemListen(fd, backlog) == 0 else {
            let failure = Failure("bind/listen on 127.0.0.1:\(port)")
            close(fd)
            throw failure
        }
        return (fd, try localPort(fd))
    }

    /// A port that was free a moment ago (bind to port 0, read it, close).
    static func freePort() throws -> UInt16 {
        let (fd, port) = try listener()
        close(fd)
        return port
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port` right now.
    static func canConnect(port: UInt16) -> Bool {
        guard let fd = connected(port: port) else { return false }
        close(fd)
        return true
    }

    /// A socket connected to 127.0.0.1:`port`, or nil if nothing accepts there.
    static func connected(port: UInt16) -> Int32? {
        let fd = socket(AF_INET, Int32(streamType), 0)
        guard fd >= 0 else { return nil }
        var address = loopback(port: port)
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            close(fd)
            return nil
        }
        return fd
    }

    /// Sets receive and send timeouts, so no call on `fd` blocks longer than `seconds`.
    static func setTimeouts(_ fd: Int32, seconds: Double) {
        var tv = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - seconds.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
            var yes: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Sends all of `bytes`; false when the peer is gone or `keepGoing` says stop.
    static func sendAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, keepGoing: () -> Bool) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard keepGoing() else { return false }
            let n = send(fd, bytes.baseAddress! + offset, bytes.count - offset, Int32(noSignal))
            if n > 0 {
                offset += n
                continue
            }
            if n < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { continue }
            return false
        }
        return true
    }

    /// Waits up to `milliseconds` for `fd` to be readable (or to have a pending connection).
    static func waitReadable(_ fd: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) > 0
    }

    private static func localPort(_ fd: Int32) throws -> UInt16 {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard ok == 0 else { throw Failure("getsockname") }
        return UInt16(bigEndian: address.sin_port)
    }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }

    #if canImport(Glibc)
        private static let streamType = SOCK_STREAM.rawValue
        private static let noSignal = MSG_NOSIGNAL
        private static func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(fd, backlog) }
    #else
        private static func systemListen(_ fd: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(fd, backlog) }
        private static let streamType = SOCK_STREAM
        private static let noSignal: Int32 = 0
    #endif
}
