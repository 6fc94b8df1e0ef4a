import CommandSupport
import LibraryClient

/// `{"sceneId", "title", "count", "duration"}`: one entry of `client scenes`.
struct SceneSummaryJSON: Encodable {
    let sceneId: String
    let title: String
    let count: Int
    let duration: Double

    init(_ summary: SceneSummary) {
        sceneId = summary.id
        title = summary.title
        count = summary.count
        duration = summary.duration
    }
}

/// `client scene show` (and what the editing scene commands print):
/// `{"sceneId", "title", "count", "duration", "items": [ITEM]}`.
struct SceneDetailJSON: Encodable {
    let detail: SceneDetail

    enum Keys: String, CodingKey { case items }

    func encode(to encoder: any Encoder) throws {
        try SceneSummaryJSON(detail.summary).encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(detail.items.map(ItemJSON.init(row:)), forKey: .items)
    }

    static func print(_ detail: SceneDetail, json: Bool) throws {
        if json { return try Output.json(SceneDetailJSON(detail: detail)) }
        Output.line(
            "\(detail.title) (\(detail.id)): \(detail.summary.count) item\(detail.summary.count == 1 ? "" : "s"), "
                + Output.duration(detail.summary.duration))
        Output.table(
            ["POS", "ID", "KIND", "TITLE", "DURATION", "AVAILABLE"],
            detail.items.enumerated().map { position, row in
                [
                    String(position), row.id, row.kind.rawValue, row.title, Output.duration(row.duration),
                    row.isVisible ? ItemTable.label(row.availability) : "no (no longer in the catalog)",
                ]
            })
    }
}
