import Foundation
import Testing

@testable import CatalogFormat

/// ``ISO8601`` formats and reads the common forms without ICU; its answers must be
/// `ISO8601DateFormatter`'s, whatever the input.
@Suite struct ISO8601Tests {
    static func formatter(fractional: Bool = false) -> ISO8601DateFormatter {
        let f = ISO8601DateFormatter()
        f.formatOptions = fractional ? [.withInternetDateTime, .withFractionalSeconds] : [.withInternetDateTime]
        return f
    }

    static func reference(_ text: String) -> Date? {
        formatter().date(from: text) ?? formatter(fractional: true).date(from: text)
    }

    @Test func formattingEqualsTheFormatterOverFourHundredYears() {
        var rng = SystemRandomNumberGenerator()
        let f = Self.formatter()
        var samples: [Double] = [
            0, -1, -0.5, 0.9, 951_782_400, 4_107_542_400, ISO8601.lowest, ISO8601.highest,
            ISO8601.lowest - 1, ISO8601.highest + 1, -62_135_596_800, 1e12,
        ]
        for _ in 0..<20_000 {
            samples.append(
                Double.random(in: -12e9...2.6e11, using: &rng).rounded(.down) + [0, 0.25, 0.999].randomElement()!)
        }
        for t in samples {
            let date = Date(timeIntervalSince1970: t)
            #expect(ISO8601.string(date) == f.string(from: date), "at \(t)")
        }
    }

    @Test func readingEqualsTheFormatterOnRandomTimestamps() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let y = Int.random(in: 1590...2200, using: &rng)
            let m = Int.random(in: 0...13, using: &rng)
            let d = Int.random(in: 0...32, using: &rng)
            let h = Int.random(in: 0...25, using: &rng)
            let mi = Int.random(in: 0...61, using: &rng)
            let s = Int.random(in: 0...61, using: &rng)
            let zone = ["Z", "+02:00", "-05:30", "+0100", "-1130", "+23:59", "z", "+24:00"].randomElement(using: &rng)!
            let text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", y, m, d, h, mi, s) + zone
            #expect(ISO8601.date(text) == Self.reference(text), "\(text)")
        }
    }

    @Test(arguments: [
        "2026-01-01T00:00:00Z", "2026-01-01T00:00:00+02:00", "2026-01-01T00:00:00+0200", "2024-02-29T23:59:59-00:30",
        "2026-02-30T00:00:00Z", "2026-01-01T24:00:00Z", "2026-01-01T00:00:60Z", "2026-1-01T00:00:00Z",
        " 2026-01-01T00:00:00Z", "2026-01-01t00:00:00z", "2026-01-01T00:00:00.5Z", "2026-01-01T00:00:00.123456Z",
        "1582-10-15T00:00:00Z", "1599-12-31T23:59:59Z", "9999-12-31T23:59:59Z", "", "not a time", "2026-01-01T00:00:00",
    ])
    func readingEqualsTheFormatter(text: String) {
        #expect(ISO8601.date(text) == Self.reference(text))
    }

    @Test func civilDaysRoundTrip() {
        for days in stride(from: -200_000, through: 3_000_000, by: 997) {
            let (y, m, d) = CivilDate.civil(fromDays: days)
            #expect(CivilDate.days(year: y, month: m, day: d) == days)
            #expect(d >= 1 && d <= CivilDate.daysIn(month: m, year: y))
        }
    }
}
