import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Headless Chromium (Debian package `chromium`, installed by scripts/bootstrap), run once per
/// call with a throw-away profile and a hard time limit.
///
/// ```swift
/// let dom = try Chromium.locate().dumpDOM(of: nginx.baseURL.appendingPathComponent("index.html"))
/// ```
struct Chromium {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let defaultPath = "/usr/bin/chromium"
    let path: String

    /// The installed browser, or an error telling how to install it (so the test fails, never skips).
    static func locate(_ path: String = defaultPath) throws -> Chromium {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw Failure(
                description:
                    "chromium not found at \(path): run scripts/bootstrap (it installs the Debian package chromium)")
        }
        return Chromium(path: path)
    }

    /// The DOM after the page has loaded, serialized as HTML.
    func dumpDOM(of url: URL, windowSize: String = "412,900") async throws -> String {
        try await Self.onOwnThread { try run(["--window-size=\(windowSize)", "--dump-dom", url.absoluteString]) }
    }

    /// A PNG screenshot of the page at `windowSize` (width,height in CSS pixels).
    func screenshot(of url: URL, to file: String, windowSize: String = "412,900") async throws {
        try? FileManager.default.removeItem(atPath: file)
        _ = try await Self.onOwnThread {
            try run(["--window-size=\(windowSize)", "--hide-scrollbars", "--screenshot=\(file)", url.absoluteString])
        }
        guard FileManager.default.fileExists(atPath: file) else {
            throw Failure(description: "chromium wrote no screenshot at \(file)")
        }
    }

    /// Runs `work` on a thread of its own, so waiting for the browser never blocks the few
    /// threads Swift concurrency shares between all tests running in parallel.
    private static func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
        }
    }

    /// Runs chromium headless; returns its standard output. Killed after `timeout` seconds.
    private func run(_ arguments: [String], timeout: Double = 60) throws -> String {
        let tmp = try TemporaryDirectory(prefix: "chromium")
        let out = tmp.url.appendingPathComponent("stdout")
        let err = tmp.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments =
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                "--no-default-browser-check", "--disable-extensions", "--disable-breakpad",
                "--user-data-dir=\(tmp.path("profile"))", "--force-device-scale-factor=1",
            ] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try SignalReadySpawn.run(process)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw Failure(description: "chromium did not finish within \(Int(timeout)) s")
        }
        let stdout = (try? String(contentsOf: out, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: err, encoding: .utf8)) ?? ""
            throw Failure(description: "chromium exited with \(process.terminationStatus):\n\(stderr.suffix(2000))")
        }
        return stdout
    }
}

@Suite(.serialized, .startsProcesses) struct BrowserChromiumTests {
    @Test func aMissingBrowserFailsWithTheFix() {
        #expect {
            _ = try Chromium.locate("/nonexistent/chromium")
        } throws: { error in
            String(describing: error).contains("run scripts/bootstrap")
        }
    }
}
