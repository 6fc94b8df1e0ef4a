import Foundation
import TestSupport
import Testing

/// The soundboard's sound, heard in a real headless Chromium (`Tests/Browser/soundboard_audio_test.py`):
/// the page's test mode records the master output through an AudioWorklet and the script checks the
/// samples — a loop at its loop points without a click or a gap, two recordings 15 LU apart played
/// within 1 LU, a fade reaching silence on time, stop-all, a scene crossfade, hotkeys, settings
/// that survive a reload, a play recorded when the tab closes. Its catalog is made here: sines and
/// silence written by sox, published by the built `catalog`, synced and installed by the built `client`.
/// It records in real time, so `scripts/test` runs it last, in a phase of its own; a fault in a loop is
/// told apart there as the browser's (reported) or the engine's (a failure) by `audio_capture.py`'s `LoopCheck`.
@Suite(
    "client serve: the soundboard's audio in a browser", .timeLimit(.minutes(4)), .serialized,
    .startsProcesses(alone: true))
struct SoundboardAudioBrowserTests {
    static let pack = "ac9ebd1a-d612-4ced-9a08-79de9867ef6c"
    static let sineLoop = "ef79aad3-b4fe-4d54-9cc2-5a2f25722066"
    static let loud = "3d26a555-0644-48c4-8f36-355faf8f2dfd"
    static let quiet = "55f3a30c-b2bd-43aa-8d86-08e592641fad"
    static let low = "6c2e8c7c-08ff-4e61-b2cc-80ba223ced49"
    static let high = "cca2e52b-166c-4693-8777-84855783af4a"
    static let drone = "550eb0d0-97bb-4ce1-80e8-167bad2de22e"
    static let chime = "0c5bd1e2-77a4-4e0f-9d1b-3f1e6a2b8c41"
    static let knock = "5d2e8f1a-3b4c-4d6e-8f9a-0b1c2d3e4f51"

    let tmp: TemporaryDirectory
    let root: String

    init() throws {
        tmp = try TemporaryDirectory(prefix: "soundboard-audio")
        root = tmp.path("root")
    }

    /// Writes a 48 kHz mono 16-bit WAV with sox from `effects` (e.g. `synth 4 sine 300 vol 0.3`).
    func sox(_ path: String, _ effects: String) throws {
        let arguments =
            ["sox", "-n", "-r", "48000", "-c", "1", "-b", "16", path] + effects.split(separator: " ").map(String.init)
        let result = try ToolRunner.run(executable: URL(fileURLWithPath: "/usr/bin/env"), arguments)
        try #require(result.status == 0, "sox \(effects) failed: \(result.stderr)")
    }

    /// The catalog: one atmosphere pack of five test sounds.
    func makeCatalog() throws -> (source: String, audio: String) {
        let source = tmp.path("catalog")
        let audio = source + "/packs/test-tones/audio"
        try FileManager.default.createDirectory(atPath: audio, withIntermediateDirectories: true)
        // 0.1 s of silence, 1 s of a 480 Hz sine (480 whole periods: the loop), 0.5 s of noise after it.
        try sox(
            audio + "/sine-loop.wav",
            "synth 0.1 sine 480 vol 0 : synth 1 sine 480 vol 0.5 : synth 0.5 whitenoise vol 0.5")
        try sox(audio + "/loud.wav", "synth 4 sine 1000 vol 0.5")
        try sox(audio + "/quiet.wav", "synth 4 sine 1000 vol 0.0889")  // 15 dB below
        try sox(audio + "/bed-low.wav", "synth 4 sine 300 vol 0.3")
        try sox(audio + "/bed-high.wav", "synth 4 sine 700 vol 0.3")
        try sox(audio + "/drone.wav", "synth 4 sine 200 vol 0.3")
        try sox(audio + "/chime.wav", "synth 2 sine 500 vol 0.3")
        for (take, frequency) in [300, 600, 900].enumerated() {
            try sox(audio + "/knock-\(take + 1).wav", "synth 0.6 sine \(frequency) vol 0.3")
        }
        let items = [
            (Self.sineLoop, "Sine Loop", "sine-loop"), (Self.loud, "Loud Tone", "loud"),
            (Self.quiet, "Quiet Tone", "quiet"), (Self.low, "Low Bed", "bed-low"), (Self.high, "High Bed", "bed-high"),
            (Self.drone, "Drone", "drone"),
            (Self.chime, "Chime", "chime"),
        ]
        let yaml =
            """
            id: \(Self.pack)
            slug: test-tones
            kind: atmosphere
            title: "Test Tones"
            description: "Sines for the soundboard's audio tests."
            version: 1
            items:

            """
            + items.map {
                "  - id: \($0.0)\n    title: \"\($0.1)\"\n    file: audio/\($0.2).wav\n    loopable: \($0.0 != Self.chime)\n"
            }
            .joined()
                // Three takes played in authored order, wrapping.
                + """
                  - id: \(Self.knock)
                    title: "Knock"
                    files: [audio/knock-1.wav, audio/knock-2.wav, audio/knock-3.wav]
                    playback: {order: sequence}

                """
        try Data(yaml.utf8).write(to: URL(fileURLWithPath: source + "/packs/test-tones/pack.yaml"))
        try Data("title: Test Tones\npacks: packs/\n".utf8).write(to: URL(fileURLWithPath: source + "/catalog.yaml"))
        return (source, audio)
    }

    func client(_ arguments: [String]) throws -> String {
        let result = try ToolRunner.run("client", arguments + ["--root", root])
        try #require(result.status == 0, "client \(arguments.joined(separator: " ")) failed: \(result.stderr)")
        return result.stdout
    }

    @Test("loops without a seam, matched loudness, fades, stop-all, crossfading scenes, hotkeys, kept settings")
    func audio() async throws {
        let (source, audio) = try makeCatalog()
        let dist = tmp.path("dist")
        let publish = try ToolRunner.run("catalog", ["publish", dist, "--source", source])
        try #require(publish.status == 0, "catalog publish failed: \(publish.stderr)")
        _ = try client(["sync", "--catalog", URL(fileURLWithPath: dist, isDirectory: true).absoluteString])
        _ = try client(["install", Self.pack])

        func entry(_ id: String, _ title: String, _ file: String, _ extra: [String: Any] = [:]) -> [String: Any] {
            ["id": id, "title": title, "file": audio + "/\(file).wav"].merging(extra) { $1 }
        }
        let expected: [String: Any] = [
            "sineLoop": entry(
                Self.sineLoop, "Sine Loop", "sine-loop", ["loop": ["start": 4800, "end": 52800], "frequency": 480]),
            "loud": entry(Self.loud, "Loud Tone", "loud"),
            "quiet": entry(Self.quiet, "Quiet Tone", "quiet"),
            "low": entry(Self.low, "Low Bed", "bed-low", ["frequency": 300]),
            "high": entry(Self.high, "High Bed", "bed-high", ["frequency": 700]),
            "drone": entry(Self.drone, "Drone", "drone"),
            "chime": entry(Self.chime, "Chime", "chime", ["frequency": 500]),
            "knock": ["id": Self.knock, "title": "Knock", "frequencies": [300, 600, 900]],
        ]
        let expectedFile = try tmp.write(
            "expected.json", JSONSerialization.data(withJSONObject: expected, options: [.prettyPrinted]))

        let server = try ServeProcess(root: root)
        defer { server.stop() }
        let screenshots = ToolRunner.repositoryRoot.appendingPathComponent(".build/screenshots").path
        let script = ToolRunner.repositoryRoot.appendingPathComponent("Tests/Browser/soundboard_audio_test.py").path
        let run = try await SoundboardBrowserTests.onOwnThread {
            try ToolRunner.run(
                executable: URL(fileURLWithPath: "/usr/bin/env"),
                ["python3", script, "--url", server.url, "--expected", expectedFile, "--screenshots", screenshots],
                environment: ["SE_AVOID_STATS": "true", "PYTHONUNBUFFERED": "1"], timeout: 180)
        }
        try #require(
            !run.timedOut, "the audio browser test ran over 180 s and was stopped:\n\(run.stdout)\n\(run.stderr)")
        try #require(
            run.status == 0,
            "the audio browser test failed:\n\(run.stdout)\n\(run.stderr)\nserver output:\n\(server.outputText)")

        // Plays the page posted (a 4 s sound counts once heard for 4 s): the loop stopped by a key,
        // and the drone, played only in the last step, whose play was sent as the tab closed.
        let history = try JSONSerialization.jsonObject(with: Data(try client(["history", "--json"]).utf8))
        let plays = (history as? [String: Any])?["plays"] as? [[String: Any]] ?? []
        let fromPage = { (id: String) in
            plays.filter { $0["target"] as? String == id && $0["source"] as? String == "app" }
        }
        #expect(fromPage(Self.drone).count == 1, "the drone's play, sent on pagehide, is missing: \(plays)")
        #expect(!fromPage(Self.sineLoop).isEmpty, "the loop's play is missing: \(plays)")
    }
}
