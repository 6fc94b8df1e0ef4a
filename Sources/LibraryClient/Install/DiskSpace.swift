import CatalogFormat
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Free space and the plain words for a failed file-system call: a full disk is called a full
/// disk ("the disk is full at PATH: N bytes needed, M free"), any other failure by the system's
/// own text ("Permission denied"), never by a Swift type name or a bare errno number.
///
/// ```swift
/// DiskSpace.free(at: "/var/mobile/…/AudioAssets")   // 1_234_567_890
/// DiskSpace.reason(error)                             // "No space left on device"
/// ```
enum DiskSpace {
    /// Bytes an unprivileged writer may still use on the file system holding `path` (or its
    /// nearest existing parent); nil when it cannot be asked.
    static func free(at path: String) -> Int64? {
        var url = URL(fileURLWithPath: path)
        while !FileManager.default.fileExists(atPath: url.path), url.path != "/" { url.deleteLastPathComponent() }
        var stats = statvfs()
        guard statvfs(url.path, &stats) == 0 else { return nil }
        return Int64(stats.f_bavail) * Int64(stats.f_frsize)
    }

    /// The size of the file at `path`; 0 when there is none.
    static func fileSize(_ path: String) -> Int64 {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// The errno a failure carries, looking through Foundation's wrappings.
    static func errnoCode(of error: any Error) -> Int32? {
        if let failure = error as? POSIXFailure { return failure.code }
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return Int32(ns.code) }
        if ns.domain == NSCocoaErrorDomain && ns.code == CocoaError.fileWriteOutOfSpace.rawValue { return ENOSPC }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        return nil
    }

    /// A network failure in words (Foundation on Linux says only "NSURLErrorDomain error -1001").
    static func words(_ error: URLError) -> String {
        switch error.code {
        case .timedOut: "the connection timed out"
        case .cannotFindHost, .dnsLookupFailed: "the host name could not be found"
        case .cannotConnectToHost: "the server refused the connection"
        case .networkConnectionLost: "the connection was lost"
        case .notConnectedToInternet: "this device is not connected to a network"
        case .secureConnectionFailed: "the secure connection failed"
        case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot:
            "the server's certificate is not trusted"
        case .badServerResponse: "the server's answer could not be understood"
        case .badURL, .unsupportedURL: "the address is not a web address this device can fetch"
        case .cancelled: "the request was cancelled"
        case .resourceUnavailable, .fileDoesNotExist: "the file is not there"
        case .dataLengthExceedsMaximum: "the answer is larger than allowed"
        default: "the network request failed"
        }
    }

    /// Whether the failure is a full disk (or a full quota).
    static func isFull(_ error: any Error) -> Bool {
        guard let code = errnoCode(of: error) else { return false }
        return code == ENOSPC || code == EDQUOT
    }

    /// The system's words for the failure ("No space left on device", "Permission denied"),
    /// else the error's own sentence.
    static func reason(_ error: any Error) -> String {
        if let code = errnoCode(of: error) { return String(cString: strerror(code)) }
        if let url = error as? URLError { return words(url) }
        let ns = error as NSError
        if ns.domain == NSURLErrorDomain {
            let code = URLError.Code(rawValue: ns.code) as URLError.Code?
            return code.map { words(URLError($0)) } ?? "the network request failed"
        }
        if [NSCocoaErrorDomain, NSPOSIXErrorDomain, NSURLErrorDomain].contains(ns.domain) {
            return ns.localizedDescription
        }
        return String(describing: error)
    }
}
