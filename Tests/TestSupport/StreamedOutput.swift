import Foundation

/// A child's stdout read as it arrives (and its stderr kept), for waiting on a line.
public final class StreamedOutput: @unchecked Sendable {
    public let pipe = Pipe()
    public let errors = Pipe()
    private let lock = NSLock()
    private var data = Data()
    private var errorData = Data()

    public init() {}

    public func start() {
        Thread {
            while true {
                let chunk = self.pipe.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                self.lock.withLock { self.data.append(chunk) }
            }
        }.start()
        Thread {
            while true {
                let chunk = self.errors.fileHandleForReading.availableData
                if chunk.isEmpty { return }
                self.lock.withLock { self.errorData.append(chunk) }
            }
        }.start()
    }

    public var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
    public var errorText: String { lock.withLock { String(decoding: errorData, as: UTF8.self) } }

    /// The first line holding `needle`, waiting up to `timeout` seconds for it.
    public func waitForLine(containing needle: String, timeout: TimeInterval) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let line = text.split(separator: "\n").first(where: { $0.contains(needle) }) { return String(line) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }
}
