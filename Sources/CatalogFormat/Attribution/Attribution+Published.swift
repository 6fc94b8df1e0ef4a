extension Seed.Item {
    /// The item's `license`, `credits` and `source` as one value (setting it writes all three;
    /// empty credits are written as none).
    public var attribution: Attribution {
        get { Attribution(license: license, credits: credits, source: source) }
        set {
            license = newValue.license
            credits = newValue.publishedCredits
            source = newValue.source
        }
    }
}

extension Manifest.Asset {
    /// The asset's item's `license`, `credits` and `source` as one value (as on ``Seed/Item``).
    public var attribution: Attribution {
        get { Attribution(license: license, credits: credits, source: source) }
        set {
            license = newValue.license
            credits = newValue.publishedCredits
            source = newValue.source
        }
    }
}
