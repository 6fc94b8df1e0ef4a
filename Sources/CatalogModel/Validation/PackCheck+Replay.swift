extension PackCheck {
    /// Runs the pack's steps over the catalog's typo guard and id registry, appending what they
    /// find, exactly as checking the parsed pack would.
    package func replay(tags: inout TagGuard, ids: inout IdentityRegistry, into report: inout DiagnosticReport) {
        for step in steps {
            switch step {
            case .diagnostic(let kept): report.append(kept.diagnostic)
            case .tags(let use): report.append(contentsOf: tags.check(use))
            case .pack(let claim): ids.claimPack(claim, file: file, into: &report)
            case .item(let claim): ids.claimItem(claim, file: file, into: &report)
            }
        }
    }

}

extension PackCheck {
    /// The same check for the pack.yaml named `file` (the same file reached by another path, as
    /// from another working folder): its diagnostics and tag uses name `file`.
    package func relocated(to file: String) -> PackCheck {
        guard file != self.file else { return self }
        var moved = self
        moved.file = file
        moved.steps = steps.map { step in
            switch step {
            case .diagnostic(var kept):
                if kept.file == self.file { kept.file = file }
                return .diagnostic(kept)
            case .tags(var use):
                if use.file == self.file { use.file = file }
                return .tags(use)
            default: return step
            }
        }
        return moved
    }
}
