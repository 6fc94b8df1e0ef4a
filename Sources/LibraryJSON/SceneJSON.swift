import LibraryClient

/// `{"sceneId", "title", "count", "duration"}`: one entry of `client scenes`.
package struct SceneSummaryJSON: Encodable {
    package let sceneId: String
    package let title: String
    package let count: Int
    package let duration: Double

    package init(_ summary: SceneSummary) {
        sceneId = summary.id
        title = summary.title
        count = summary.count
        duration = summary.duration
    }
}

/// `client scenes`: `{"scenes": [{"sceneId", "title", "count", "duration"}]}`.
package struct ScenesJSON: Encodable {
    package let scenes: [SceneSummaryJSON]

    package init(_ scenes: [SceneSummary]) { self.scenes = scenes.map(SceneSummaryJSON.init) }
}

/// `client scene show` (and what the editing scene commands print):
/// `{"sceneId", "title", "count", "duration", "items": [ITEM]}`.
package struct SceneDetailJSON: Encodable {
    package let detail: SceneDetail

    package init(detail: SceneDetail) { self.detail = detail }

    enum Keys: String, CodingKey { case items }

    package func encode(to encoder: any Encoder) throws {
        try SceneSummaryJSON(detail.summary).encode(to: encoder)
        var c = encoder.container(keyedBy: Keys.self)
        try c.encode(detail.items.map(ItemJSON.init(row:)), forKey: .items)
    }
}

/// `client scene create`: `{"sceneId"}`.
package struct SceneCreatedJSON: Encodable {
    package let sceneId: String

    package init(sceneId: String) { self.sceneId = sceneId }
}

/// `client scene delete`: `{"sceneId", "deleted": true}`.
package struct SceneDeletedJSON: Encodable {
    package let sceneId: String
    package let deleted: Bool

    package init(sceneId: String) {
        self.sceneId = sceneId
        deleted = true
    }
}
