import Foundation
import Testing

@testable import LibraryClient

/// The download's window over an archive extracted as it arrives (``DownloadSignal``): the download
/// waits while it is a window past the extraction's checkpoint, and never for ever — neither on a
/// resumed run whose checkpoint is a few bytes short of the part's end, nor on a write larger than
/// the window.
@Suite struct DownloadWindowTests {
    /// Runs `waitForRoom` on a thread; whether it returned within `seconds`.
    func returns(_ signal: DownloadSignal, from start: Int64, upTo end: Int64, within seconds: Double) -> Bool {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = signal.waitForRoom(from: start, upTo: end)
            done.signal()
        }
        return done.wait(timeout: .now() + seconds) == .success
    }

    @Test func aResumedRunWritesAtOnceWhenItsCheckpointIsNearThePartsEnd() {
        // Killed with the part 14 KB past the checkpoint (the case that hung): the run starts there.
        let signal = DownloadSignal(window: 393_216)
        signal.consume(to: 4_196_348)
        #expect(returns(signal, from: 4_210_688, upTo: 4_227_072, within: 1))
    }

    @Test func theDownloadWaitsForTheExtractionThenGoesOn() {
        let signal = DownloadSignal(window: 393_216)
        #expect(!returns(signal, from: 1_000_000, upTo: 1_016_384, within: 0.3), "a window ahead of nothing: it waits")
        signal.consume(to: 700_000)
        #expect(returns(signal, from: 1_000_000, upTo: 1_016_384, within: 1))
    }

    @Test func aWriteLargerThanTheWindowGoesOnOnceTheExtractionCaughtUp() {
        let signal = DownloadSignal(window: 393_216)
        signal.consume(to: 1_000_000 - 64 * 1024)  // as close as checkpoints every 64 KiB get
        #expect(returns(signal, from: 1_000_000, upTo: 1_000_000 + 1_048_576, within: 1))
    }

    @Test func theReaderStoppingReleasesTheDownload() {
        let signal = DownloadSignal(window: 393_216)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = signal.waitForRoom(from: 5_000_000, upTo: 5_016_384)
            done.signal()
        }
        signal.release()
        #expect(done.wait(timeout: .now() + 1) == .success)
    }
}
