import CatalogModel
import Foundation

/// The fields `packer build` writes for an item, drawn at random but shaped like real ones:
/// EBU R128 figures, a 256-byte waveform, a license with credits and a source, a loop region
/// on atmospheres, and on 15 % of the items three takes with a playback rule.
///
/// ```swift
/// var item = Seed.Item(id: id, title: "Door", sortOrder: 0)
/// SyntheticSound.fill(&item, kind: .sfx, &rng)   // item.peaks is 344 characters of base64
/// ```
enum SyntheticSound {
    static let licenses = ["CC-BY-4.0", "CC0-1.0", "CC-BY-4.0", "CC-BY-SA-4.0", "CC0-1.0"]
    static let roles = ["recordist", "sound designer", "editor"]

    static func fill(_ item: inout Seed.Item, kind: Kind, _ rng: inout SplitMix64) {
        let unit = { (rng: inout SplitMix64) in rng.unit() }
        item.loudness = Loudness(
            integrated: (-36 + 22 * unit(&rng)).rounded(toPlaces: 1), range: (1 + 14 * unit(&rng)).rounded(toPlaces: 1),
            truePeak: (-12 + 11.5 * unit(&rng)).rounded(toPlaces: 1),
            momentaryMax: (-30 + 24 * unit(&rng)).rounded(toPlaces: 1))
        item.peaks = Data(rng.bytes(256)).base64EncodedString()
        item.license = licenses[rng.below(licenses.count)]
        let recordist = rng.below(400)
        var credits = [Credit(name: "Recordist \(recordist)", role: roles[rng.below(roles.count)])]
        if rng.below(3) == 0 {
            credits.append(Credit(name: "Studio \(rng.below(60))", url: "https://studio\(recordist % 60).example.com"))
        }
        item.credits = credits
        item.source = "Field recording \(rng.below(5000)), location \(rng.below(300))"
        if kind == .atmosphere, let duration = item.duration {
            item.loop = LoopRegion(start: 0, end: Int64(duration * 48_000))
        }
        if rng.below(100) < 15 {
            item.takes = 3
            item.playback = Playback(order: .shuffle, avoidRepeat: 1, gain: [-3, 0], pitch: [-100, 100])
        }
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
