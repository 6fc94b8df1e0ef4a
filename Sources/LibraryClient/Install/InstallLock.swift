import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The per-pack install lock: `.staging/<packId>.lock` created exclusively and holding the
/// owner's pid. A lock whose pid is gone (or is this process but not held by it) is stale and
/// taken over; a live owner makes ``acquire(_:wait:)`` wait up to `wait` seconds, then throw
/// ``PackInstallError/busy(packId:pid:)``.
final class InstallLock: Sendable {
    let url: URL

    private init(url: URL) { self.url = url }

    static func acquire(_ staging: StagingArea, wait: TimeInterval) throws -> InstallLock {
        let url = staging.lockFile
        try? FileManager.default.createDirectory(at: staging.base, withIntermediateDirectories: true)
        let deadline = Date().addingTimeInterval(max(0, wait))
        var staleRemovals = 0
        while true {
            // The lock appears with its pid already in it (written aside, then linked into place), so
            // another process never reads an empty lock and takes it for a dead owner's.
            let aside = url.path + ".\(getpid())"
            let fd = open(aside, O_CREAT | O_TRUNC | O_WRONLY, 0o644)
            guard fd >= 0 else {
                throw PackInstallError.fileSystem(path: url.path, reason: Self.cannotCreate(errno))
            }
            let text = "\(getpid())\n"
            _ = text.withCString { write(fd, $0, strlen($0)) }
            close(fd)
            let linked = link(aside, url.path)
            let linkError = errno
            unlink(aside)
            if linked == 0 {
                HeldLocks.shared.insert(url.path)
                return InstallLock(url: url)
            }
            guard linkError == EEXIST else {
                throw PackInstallError.fileSystem(path: url.path, reason: Self.cannotCreate(linkError))
            }
            let owner = ownerPID(of: url)
            if let owner, isLive(owner, path: url.path) {
                if Date() < deadline {
                    Thread.sleep(forTimeInterval: 0.1)
                    continue
                }
                throw PackInstallError.busy(packId: staging.packId, pid: owner)
            }
            staleRemovals += 1
            guard staleRemovals <= 5 else { throw PackInstallError.busy(packId: staging.packId, pid: owner ?? -1) }
            // Only the dead owner's lock goes: another process may have taken it over meanwhile.
            if ownerPID(of: url) == owner { unlink(url.path) }
        }
    }

    func release() {
        HeldLocks.shared.remove(url.path)
        unlink(url.path)
    }

    /// The pid written in a lock file, if any.
    static func ownerPID(of url: URL) -> Int32? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return Int32(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Whether the lock at `url` has a live owner (another live process, or this one holding it).
    /// Why the lock could not be made, in the system's words; a read-only volume said so.
    private static func cannotCreate(_ code: Int32) -> String {
        code == EROFS
            ? "cannot create the install lock: the data root is read-only"
            : "cannot create the install lock (\(String(cString: strerror(code))))"
    }

    static func hasLiveOwner(_ url: URL) -> Bool {
        guard let pid = ownerPID(of: url) else { return false }
        return isLive(pid, path: url.path)
    }

    private static func isLive(_ pid: Int32, path: String) -> Bool {
        if pid == getpid() { return HeldLocks.shared.contains(path) }
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }
}

/// Lock files this process holds (so its own pid in a lock file is told apart from a stale one).
final class HeldLocks: @unchecked Sendable {
    static let shared = HeldLocks()
    private let lock = NSLock()
    private var paths = Set<String>()

    func insert(_ path: String) { lock.withLock { _ = paths.insert(path) } }
    func remove(_ path: String) { lock.withLock { _ = paths.remove(path) } }
    func contains(_ path: String) -> Bool { lock.withLock { paths.contains(path) } }
}
