import Foundation

/// ISO-8601 times as catalog.json and the database write them (`2026-11-22T10:00:00Z`).
///
/// The usual forms (`YYYY-MM-DDTHH:MM:SS` with `Z`, `±HH:MM` or `±HHMM`, years 1600–9999) are
/// formatted and read here with plain calendar arithmetic; anything else goes to
/// `ISO8601DateFormatter`, which accepts more. The results are the formatter's in every case
/// (tested against it), but the common path does not load ICU's calendar data — about 6 MB of
/// memory in every client process.
///
/// ```swift
/// ISO8601.string(Date(timeIntervalSince1970: 0))   // "1970-01-01T00:00:00Z"
/// ISO8601.date("2026-01-01T02:00:00+02:00")        // 2026-01-01 00:00:00 UTC
/// ```
public enum ISO8601 {
    public static func string(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        if seconds >= Self.lowest && seconds <= Self.highest {
            let total = Int(seconds)
            let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
            let (y, m, d) = CivilDate.civil(fromDays: days)
            let rest = total - days * 86_400
            return
                "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(rest / 3600, 2)):\(pad(rest / 60 % 60, 2)):\(pad(rest % 60, 2))Z"
        }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    public static func date(_ text: String) -> Date? {
        if let seconds = CivilDate.parse(text) { return Date(timeIntervalSince1970: Double(seconds)) }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }

    /// 1600-01-01T00:00:00Z and 9999-12-31T23:59:59Z: the Gregorian years the fast path handles.
    static let lowest = -11_676_096_000.0
    static let highest = 253_402_300_799.0

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// Days ↔ (year, month, day) in the proleptic Gregorian calendar (H. Hinnant's algorithms),
/// and the strict reader behind ``ISO8601/date(_:)``.
enum CivilDate {
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays value: Int) -> (year: Int, month: Int, day: Int) {
        let z = value + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Seconds since 1970 for `YYYY-MM-DDTHH:MM:SS` + `Z` | `±HH:MM` | `±HHMM` with every field
    /// in range and a year of 1600–9999; nil for anything else (the formatter then decides).
    static func parse(_ text: String) -> Int? {
        let b = Array(text.utf8)
        guard b.count == 20 || b.count == 24 || b.count == 25 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var value = 0
            for i in from..<from + count {
                guard b[i] >= 48 && b[i] <= 57 else { return nil }
                value = value * 10 + Int(b[i] - 48)
            }
            return value
        }
        guard b[4] == 45, b[7] == 45, b[10] == 84, b[13] == 58, b[16] == 58,
            let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            year >= 1600, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        var offset = 0
        switch b.count {
        case 20: guard b[19] == 90 else { return nil }
        default:
            guard b[19] == 43 || b[19] == 45, let oh = number(20, 2) else { return nil }
            let colon = b.count == 25
            if colon { guard b[22] == 58 else { return nil } }
            guard let om = number(colon ? 23 : 22, 2), oh < 24, om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (b[19] == 45 ? -1 : 1)
        }
        return days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
    }
}
