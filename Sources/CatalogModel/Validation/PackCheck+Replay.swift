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
