import Foundation

/// The period a chart covers, in the local time zone: all time, or the ISO week (Monday 00:00 to
/// the next Monday), calendar month or calendar year containing "now".
///
/// ```swift
/// let week = ChartPeriod.week.interval(containing: now, timeZone: .current)   // Monday … next Monday
/// ```
public enum ChartPeriod: String, Sendable, Hashable, CaseIterable, Codable {
    /// Every play up to now.
    /// The local calendar month holding now.
    /// The local calendar year holding now.
    /// The local week (Monday 00:00 to the next Monday) holding now.
    case all, week, month, year

    /// A Gregorian calendar in `timeZone` whose weeks start on Monday (ISO 8601 weeks), so a
    /// daylight-saving day is 23 or 25 hours long and never moves a boundary.
    static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        calendar.firstWeekday = 2
        calendar.minimumDaysInFirstWeek = 4
        return calendar
    }

    /// The period containing `date` (nil for `all`).
    public func interval(containing date: Date, timeZone: TimeZone) -> DateInterval? {
        let calendar = Self.calendar(timeZone)
        switch self {
        case .all: return nil
        case .week: return calendar.dateInterval(of: .weekOfYear, for: date)
        case .month: return calendar.dateInterval(of: .month, for: date)
        case .year: return calendar.dateInterval(of: .year, for: date)
        }
    }

    /// The period before the one containing `date` (nil for `all`).
    public func previousInterval(before date: Date, timeZone: TimeZone) -> DateInterval? {
        guard let current = interval(containing: date, timeZone: timeZone) else { return nil }
        return interval(containing: current.start - 1, timeZone: timeZone)
    }

    /// The calendar day containing `date`.
    static func day(containing date: Date, timeZone: TimeZone) -> DateInterval? {
        calendar(timeZone).dateInterval(of: .day, for: date)
    }
}
