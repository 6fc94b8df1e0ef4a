import CatalogPublisher
import CommandSupport
import Foundation

/// Push progress for people: a bar (files, bytes, rate) on a terminal, one line per uploaded
/// object otherwise; with `--dry-run`, a line per object it would store.
final class PushReporter: @unchecked Sendable {
    private let enabled: Bool
    private let dryRun: Bool
    private let terminal = Output.isTerminal
    private let lock = NSLock()
    private var meter: ProgressMeter?
    private var files = 0, filesDone = 0
    private var total: Int64 = 0, sent: Int64 = 0
    private var comparing = false
    private var lastComparing = Date.distantPast

    init(enabled: Bool, dryRun: Bool = false) {
        self.enabled = enabled
        self.dryRun = dryRun
    }

    func handle(_ event: PushEvent) {
        guard enabled else { return }
        lock.lock()
        defer { lock.unlock() }
        switch event {
        case .compared(let count):
            // The folder is walked before anything goes up: say how far, a few times a second.
            let now = Date()
            guard terminal, now.timeIntervalSince(lastComparing) >= 0.2 else { return }
            lastComparing = now
            Output.raw("\rcomparing with the store: \(count) files\u{1B}[K")
            comparing = true
        case .planned(let count, let bytes):
            if comparing { Output.raw("\n") }
            comparing = false
            files = count
            total = bytes
            if terminal, !dryRun { meter = ProgressMeter(label: "pushing", enabled: true, terminal: true) }
        case .sent(let bytes):
            sent += bytes
            meter?.update(done: sent, total: total, detail: "\(filesDone)/\(files) files")
        case .uploaded(let key, let bytes):
            filesDone += 1
            if meter == nil { Output.line("uploaded \(key) (\(ByteFormat.string(bytes)))") }
            meter?.update(done: sent, total: total, detail: "\(filesDone)/\(files) files")
        case .copied(let key, let source):
            filesDone += 1
            if meter == nil { Output.line("copied \(key) (from \(source), nothing sent)") }
            meter?.update(done: sent, total: total, detail: "\(filesDone)/\(files) files")
        case .wouldCopy(let key, _):
            Output.line("would copy \(key) (the store holds its bytes)")
        case .wouldUpload(let key):
            Output.line("would upload \(key)")
        case .copyRefused(let key, let reason):
            Output.error("warning: the store refused to copy \(key) (\(reason)); uploading instead")
        }
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        meter?.finish()
    }
}
