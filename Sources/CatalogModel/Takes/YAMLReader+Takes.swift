import Yams

/// Reading an item's recordings (`file:` or `files:`) and its `playback:` rule, with a located
/// message naming the item for every rule they break.
extension YAMLReader {
    /// "item 'Sword Clash' (9b3c…)": how messages name the item at `map`.
    func itemLabel(_ map: Node.Mapping) -> String {
        let title = map.value("title")?.scalar?.string.trimmingCharacters(in: .whitespaces)
        let id = map.value("id")?.scalar?.string.trimmingCharacters(in: .whitespaces)
        switch (title, id) {
        case (let title?, let id?): return "item '\(title)' (\(id))"
        case (let title?, nil): return "item '\(title)'"
        case (nil, let id?): return "item \(id)"
        default: return "an item"
        }
    }

    /// The item's files in authored order: `file:` (one) or `files:` (two or more), never both.
    mutating func recordingFiles(_ map: Node.Mapping, path: String) -> [String]? {
        let label = itemLabel(map)
        guard let filesNode = map.value("files"), filesNode.null == nil else {
            if map.value("file") == nil {
                let at = locations[path]
                diagnostics.append(
                    Diagnostic(
                        .error,
                        "\(label): missing required key 'file'; add 'file:' for one recording or 'files:' for two or more",
                        file: file, line: at?.line, column: at?.column, path: join(path, "file")))
                return nil
            }
            return string(map, "file", path: path, required: true).map { [$0] }
        }
        let p = join(path, "files")
        remember(filesNode, p)
        if let fileNode = map.value("file"), fileNode.null == nil {
            error(
                "\(label) has both 'file' and 'files'; keep 'file' for one recording or 'files' for two or more",
                at: filesNode, path: p)
            return nil
        }
        let files = stringList(filesNode, path: p, what: "'files'")
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        guard files.count >= 2 else {
            let hint =
                files.count == 1
                ? "write it as 'file: \(files[0])', or list two or more takes"
                : "list two or more takes, or write one recording as 'file:'"
            error(
                "\(label): 'files' lists \(files.count) file\(files.count == 1 ? "" : "s"); \(hint)", at: filesNode,
                path: p)
            return nil
        }
        var seen = Set<String>()
        for (i, file) in files.enumerated() where !seen.insert(file).inserted {
            error(
                "\(label): 'files' lists \(file) twice; each take is its own recording", at: filesNode,
                path: "\(p)[\(i)]")
        }
        return files
    }

    /// The `playback:` mapping, every rule checked (`takes` is the number of files).
    mutating func playback(_ map: Node.Mapping, path: String, takes: Int) -> Playback? {
        guard let node = map.value("playback"), node.null == nil else { return nil }
        let label = itemLabel(map)
        let p = join(path, "playback")
        guard let rule = mapping(node, path: p, what: "'playback'") else { return nil }
        checkKeys(rule, allowed: Playback.keys, path: p)
        var result = Playback()
        if let text = string(rule, "order", path: p, required: false) {
            if let order = PlaybackOrder(rawValue: text) {
                result.order = order
            } else {
                let known = PlaybackOrder.allCases.map(\.rawValue).joined(separator: ", ")
                error(
                    "\(label): unknown playback order '\(text)'; use \(known)", at: rule["order"],
                    path: join(p, "order"))
            }
        }
        if let avoid = int(rule, "avoidRepeat", path: p, required: false) {
            if avoid < 0 || avoid > max(takes - 1, 0) {
                error(
                    "\(label): avoidRepeat is \(avoid) but the item has \(takes) take\(takes == 1 ? "" : "s"); "
                        + "use 0 to \(max(takes - 1, 0)) (at most takes − 1)",
                    at: rule["avoidRepeat"], path: join(p, "avoidRepeat"))
            } else {
                result.avoidRepeat = avoid
            }
        }
        result.interval = range(rule, "interval", path: p, label: label, unit: "seconds", limits: 0...Double.infinity)
        result.gain = range(rule, "gain", path: p, label: label, unit: "dB", limits: Playback.gainLimits)
        result.pitch = range(rule, "pitch", path: p, label: label, unit: "cents", limits: Playback.pitchLimits)
        return result
    }

    /// A `[min, max]` pair: two numbers, ordered, inside `limits`.
    private mutating func range(
        _ map: Node.Mapping, _ key: String, path: String, label: String, unit: String, limits: ClosedRange<Double>
    ) -> [Double]? {
        guard let node = map.value(key), node.null == nil else { return nil }
        let p = join(path, key)
        remember(node, p)
        let numbers = node.sequence?.compactMap {
            $0.scalar.flatMap { Double($0.string) }.flatMap { $0.isFinite ? $0 : nil }
        }
        guard let numbers, numbers.count == 2, node.sequence?.count == 2 else {
            error(
                "\(label): '\(key)' must be [min, max] in \(unit), like [\(key == "interval" ? "8, 20" : "-3, 0")]",
                at: node, path: p)
            return nil
        }
        guard numbers[0] <= numbers[1] else {
            error(
                "\(label): '\(key)' is [\(Self.text(numbers[0])), \(Self.text(numbers[1]))]; write the smaller value first",
                at: node, path: p)
            return nil
        }
        guard limits.contains(numbers[0]), limits.contains(numbers[1]) else {
            let bounds =
                limits.upperBound.isInfinite
                ? "must not be negative"
                : "must stay within [\(Self.text(limits.lowerBound)), \(Self.text(limits.upperBound))] \(unit)"
            error(
                "\(label): '\(key)' is [\(Self.text(numbers[0])), \(Self.text(numbers[1]))]; \(key) \(bounds)",
                at: node, path: p)
            return nil
        }
        return numbers
    }

    static func text(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
