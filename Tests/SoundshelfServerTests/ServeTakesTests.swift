import Foundation
import TestSupport
import Testing

/// The demo's items with takes through `client serve`: the item JSON the page plays them from,
/// and `GET /audio/{itemId}/{take}` with Range, ETag and 404 for a take that is not there.
@Suite("client serve: takes", .timeLimit(.minutes(2)), .serialized, .startsProcesses)
struct ServeTakesTests {
    static let warbandFoley = "eac5f86c-a474-487e-986e-d0b33b57c06e"
    static let swordClash = "37bbd97c-6db9-43f8-8d9a-2cded2e73f1d"
    static let footsteps = "a3ef73ed-7fd3-4efb-bd71-b85f62111d6b"
    static let thunder = "fb662b45-3584-4576-9936-ce0de44d507d"

    @Test("each take streams by number; take 0 is /audio/{itemId}; a take past the last is 404")
    func takesStream() throws {
        let fixture = try ServeFixture()
        #expect(try HTTPClient.get(fixture.url + "audio/\(Self.swordClash)/1").status == 404, "not installed yet")
        let install = try HTTPClient.change("POST", fixture.url + "api/packs/\(Self.warbandFoley)/install")
        #expect(install.status == 200, "\(install.text)")

        let rows = try HTTPClient.get(fixture.url + "api/items?kind=sfx&limit=50").json()["items"] as? [[String: Any]]
        let counts = Dictionary(
            uniqueKeysWithValues: (rows ?? []).compactMap { row in
                (row["id"] as? String).map { ($0, row["takes"] as? Int ?? -1) }
            })
        #expect(counts[Self.footsteps] == 4 && counts[Self.swordClash] == 3 && counts[Self.thunder] == 1)

        let item = try HTTPClient.get(fixture.url + "api/items/\(Self.swordClash)").json()
        #expect(item["available"] as? Bool == true)
        #expect((item["takes"] as? [[String: Any]])?.map { $0["take"] as? Int } == [0, 1, 2])
        let playback = try #require(item["playback"] as? [String: Any])
        #expect(playback["order"] as? String == "shuffle" && playback["avoidRepeat"] as? Int == 1)
        #expect(playback["gain"] as? [Double] == [-3, 0] && playback["pitch"] as? [Double] == [-100, 100])
        let thunder = try HTTPClient.get(fixture.url + "api/items/\(Self.thunder)").json()
        #expect((thunder["playback"] as? [String: Any])?["interval"] as? [Double] == [8, 20])

        var bodies: [Data] = []
        for take in 0..<3 {
            let reply = try HTTPClient.get(fixture.url + "audio/\(Self.swordClash)/\(take)")
            #expect(reply.status == 200)
            #expect(reply.headers["content-type"]?.hasPrefix("audio/") == true)
            bodies.append(reply.body)
        }
        #expect(Set(bodies).count == 3, "three different recordings")
        #expect(try HTTPClient.get(fixture.url + "audio/\(Self.swordClash)").body == bodies[0])

        let etag = try #require(try HTTPClient.get(fixture.url + "audio/\(Self.swordClash)/2").headers["etag"])
        let part = try HTTPClient.get(fixture.url + "audio/\(Self.swordClash)/2", headers: ["Range": "bytes=4-19"])
        #expect(part.status == 206 && part.body == bodies[2].subdata(in: 4..<20))
        #expect(part.headers["content-range"] == "bytes 4-19/\(bodies[2].count)")
        let cached = try HTTPClient.get(fixture.url + "audio/\(Self.swordClash)/2", headers: ["If-None-Match": etag])
        #expect(cached.status == 304)

        #expect(try HTTPClient.get(fixture.url + "audio/\(Self.swordClash)/3").status == 404)
        #expect(try HTTPClient.get(fixture.url + "audio/\(Self.thunder)/1").status == 404)
        #expect(try HTTPClient.get(fixture.url + "audio/\(Self.swordClash)/x").status == 400)
        #expect(try HTTPClient.get(fixture.url + "audio/\(Self.swordClash)/-1").status == 400)
    }
}
