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
                    meter.update(done: event.bytesDownloaded, total: event.bytesTotal)
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
            try JSONOutput.print(PackOperationJSON(result))
        } else {
            var line =
                "\(target.slug ?? target.id): \(verb), \(result.files) files, \(Output.bytes(result.bytes)) (state \(result.state.rawValue))"
            if result.reusedFiles > 0 { line += "; \(result.reusedFiles) files were already installed and verified" }
            Output.line(line)
        }
    }
}
