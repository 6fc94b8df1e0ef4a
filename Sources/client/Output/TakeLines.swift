import CatalogFormat
import CommandSupport
import Foundation
import LibraryClient
import LibraryJSON

/// `client show`'s lines for an item's takes and playback rule, in words.
///
/// ```swift
/// lines += TakeLines.lines(detail)   // [["takes", "3, shuffle, …"], ["take 0", "…, 1.2 s"], …]
/// ```
enum TakeLines {
    static func lines(_ detail: ItemDetail) -> [[String]] {
        guard detail.item.kind != .music else { return [] }
        let rule = detail.playback
        var words = ["\(detail.takes.count) take\(detail.takes.count == 1 ? "" : "s")", rule.order.rawValue]
        if rule.order == .shuffle && detail.takes.count > 1 { words.append("never the last \(rule.avoidRepeat) again") }
        if let wait = rule.interval { words.append("repeats every \(range(wait)) s") }
        if rule.gain != 0...0 { words.append("gain \(range(rule.gain)) dB") }
        if rule.pitch != 0...0 { words.append("pitch \(range(rule.pitch)) cents") }
        var lines = [["takes", words.joined(separator: ", ")]]
        guard detail.takes.count > 1 else { return lines }
        for take in detail.takes {
            let state =
                take.assetID.map { asset in
                    "\(asset)" + (take.duration.map { ", " + Output.duration($0) } ?? "")
                        + (TakeFigures.of(take, in: detail).gain.map { ", plays at \(signed($0)) dB" } ?? "")
                } ?? "not installed"
            lines.append(["take \(take.take)", state])
        }
        return lines
    }

    private static func signed(_ gain: Double) -> String {
        (gain < 0 ? "−" : "+") + String(format: "%.1f", abs(gain))
    }

    private static func range(_ range: ClosedRange<Double>) -> String {
        "\(number(range.lowerBound)) to \(number(range.upperBound))"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }
}
