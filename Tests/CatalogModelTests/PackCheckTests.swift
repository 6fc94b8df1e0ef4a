import CatalogModel
import Foundation
import TestSupport
import Testing

/// A pack's check kept as JSON (the build state's form) and replayed gives what checking the
/// parsed pack gives: errors stay errors, warnings stay warnings, lines and paths stay.
struct PackCheckTests {
    @Test("a check's round trip through JSON replays the same diagnostics, severities included")
    func roundTripKeepsEverything() throws {
        let tmp = try TemporaryDirectory(prefix: "pack-check")
        let source = try DemoCatalog.copyCatalog(into: tmp)
        let file = "\(source)/packs/dungeon-delve/pack.yaml"
        // An error and a warning of the pack's own rules (kept as they are), and moods the typo
        // guard judges at each replay.
        try DemoCatalog.edit(file, replacing: "file: audio/door-creak.wav", with: "file: audio/door-gone.wav")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let license = try #require(text.split(separator: "\n").first { $0.hasPrefix("license: ") })
        try DemoCatalog.edit(file, replacing: String(license), with: "")
        let (check, pack) = PackCheck.load(path: file, allowedLicenses: nil)
        #expect(pack != nil)
        let kept = try JSONDecoder().decode(PackCheck.self, from: JSONEncoder().encode(check))
        #expect(kept == check)
        var report = (fresh: DiagnosticReport(), kept: DiagnosticReport())
        var tags = (fresh: TagGuard(initial: [.mood: ["Ominous"]]), kept: TagGuard(initial: [.mood: ["Ominous"]]))
        var ids = (fresh: IdentityRegistry(), kept: IdentityRegistry())
        check.replay(tags: &tags.fresh, ids: &ids.fresh, into: &report.fresh)
        kept.replay(tags: &tags.kept, ids: &ids.kept, into: &report.kept)
        #expect(report.kept.diagnostics == report.fresh.diagnostics)
        #expect(report.fresh.errors.contains { $0.message.contains("door-gone.wav") })
        #expect(report.fresh.warnings.contains { $0.message.contains("the pack has no license") })
        #expect(report.kept.warnings.count == report.fresh.warnings.count)
    }
}
