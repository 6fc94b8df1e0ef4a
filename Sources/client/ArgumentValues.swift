import ArgumentParser
import CatalogFormat
import LibraryClient
import LibraryJSON

// The library's value types that options take by their raw values (`--kind sfx`, `--sort title`).
extension Kind: ExpressibleByArgument {}
extension ItemSort: ExpressibleByArgument {}
extension ChartPeriod: ExpressibleByArgument {}
extension MusicService: ExpressibleByArgument {}
extension TrackSourceFilter: ExpressibleByArgument {}
extension TrackSort: ExpressibleByArgument {}
extension PlayInputSource: ExpressibleByArgument {}
