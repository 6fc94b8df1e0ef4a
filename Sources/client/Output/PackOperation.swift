import ArgumentParser
import CommandSupport
import Foundation
import LibraryClient
import LibraryJSON

/// What install, uninstall and repair share: a progress bar (stderr) while the operation runs,
/// then `{"packId", "state", "files", "bytes"}` with `--json` or one line for people.
enum PackOperation {
    static func run(
        library: Library, pack: String, verb: String, json: Bool, catalog: String? = nil,
        _ body: @escaping @Sendable (PackDownloadManager, String) async throws -> PackInstallResult
    ) async throws {
        let target = try await library.packs.fetchPack(PackReference(pack))
        var policy = DownloadPolicy()
        policy.catalogLocation = catalog
        policy.prefersURLSession = ToolEnvironment.prefersURLSession
        let manager = library.makeDownloadManager(policy: policy)
        let meter = ProgressMeter(label: target.slug ?? target.id, enabled: !json)
        let events = manager.progress(for: target.id)
        let watcher = Task {
            for await event in events {
                if event.phase == .downloading, event.bytesTotal > 0 {
                    meter.update(done: event.bytesDownloaded, total: event.bytesTotal, detail: detail(event))
                }
                if event.phase.isFinal { break }
            }
        }
        let result: PackInstallResult
        do {
            result = try await body(manager, target.id)
        } catch {
            watcher.cancel()
            meter.finish()
            throw error
        }
        watcher.cancel()
        meter.finish()
        if json {
            try JSONOutput.print(PackOperationJSON(result, transfer: verb != "removed" && verb != "offloaded"))
        } else {
            var line =
                "\(target.slug ?? target.id): \(verb), \(result.files) files, \(Output.bytes(result.bytes)) (state \(result.state.rawValue))"
            if verb != "removed" && verb != "offloaded" {
                line += "; fetched \(Output.bytes(result.downloadedBytes))"
                if result.resumedBytes > 0 {
                    line += ", resumed \(Output.bytes(result.resumedBytes)) an earlier download held"
                }
                if result.reusedFiles > 0 { line += ", reused \(result.reusedFiles) installed files" }
                if result.retries > 0 { line += ", \(result.retries) request\(result.retries == 1 ? "" : "s") retried" }
            }
            Output.line(line)
            for pack in result.offloaded {
                Output.line(
                    "offloaded \(pack.slug ?? pack.packId) (\(Output.bytes(pack.bytes)), last played \(pack.lastPlayedAt ?? "never")) to stay within the audio budget"
                )
            }
        }
    }

    /// "(reused 5 files, 1.2 MB; 2 retries)" beside the bytes being fetched.
    private static func detail(_ event: PackDownloadEvent) -> String {
        var parts: [String] = []
        if event.reusedFiles > 0 {
            parts.append("reused \(event.reusedFiles) installed files, \(Output.bytes(event.reusedBytes))")
        }
        if event.retries > 0 { parts.append("\(event.retries) retr\(event.retries == 1 ? "y" : "ies")") }
        return parts.isEmpty ? "" : "(\(parts.joined(separator: "; ")))"
    }
}
