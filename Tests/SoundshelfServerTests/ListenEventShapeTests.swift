import Foundation
import TestSupport
import Testing

@testable import SoundshelfServer

/// The `start` event is defined once, in the page (`templates/soundboard/listen-event.js`,
/// `startFields`): every field the owner's page sends must survive the server, which decodes the
/// event into ``ListenEvent`` and relays what it encodes again. A field the page adds without the
/// server learning it would be dropped on the way to the players.
@Suite struct ListenEventShapeTests {
    /// The names in `export const startFields = [ … ];` of the page module.
    static func startFields() throws -> [String] {
        let url = ToolRunner.repositoryRoot.appendingPathComponent("templates/soundboard/listen-event.js")
        let text = try String(contentsOf: url, encoding: .utf8)
        let start = try #require(text.range(of: "export const startFields = ["))
        let end = try #require(text.range(of: "];", range: start.upperBound..<text.endIndex))
        return text[start.upperBound..<end.lowerBound].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }.filter { !$0.isEmpty }
    }

    /// A value of each field as the owner's page writes it.
    static var samples: [String: Any] {
        [
            "type": "start", "layer": "8d2f1c9e-5b7a-4e21-9c3d-6f0a1b2c3d4e~1",
            "item": "8d2f1c9e-5b7a-4e21-9c3d-6f0a1b2c3d4e", "title": "Heavy Door", "take": 1, "kind": "sfx",
            "gain": -4.5, "cents": 12.0, "volume": 0.8, "fade": 0.25, "loop": ["start": 0, "end": 96_000],
            "sampleRate": 48_000, "duration": 2.5, "takes": 3, "at": 1_764_400_000_123.5,
        ]
    }

    @Test("every field of the page's start event is kept by the server")
    func serverKeepsEveryField() throws {
        let fields = try Self.startFields()
        #expect(fields.count >= 10, "\(fields)")
        var sent: [String: Any] = [:]
        for field in fields {
            let sample = try #require(Self.samples[field], "listen-event.js has a field '\(field)': add a sample here")
            sent[field] = sample
        }
        let event = try JSONDecoder().decode(ListenEvent.self, from: JSONSerialization.data(withJSONObject: sent))
        #expect(event.problem == nil, "\(event.problem ?? "")")
        let relayed = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(event)) as? [String: Any])
        for field in fields {
            #expect(relayed[field] != nil, "the server drops '\(field)' of a start event")
        }
    }
}
