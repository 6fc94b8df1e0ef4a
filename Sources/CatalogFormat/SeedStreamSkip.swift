/// Finds where one JSON value ends without parsing it: only string quotes, escapes and bracket
/// depth are followed. Resumable: ``scan(_:from:)`` keeps its state when the bytes run out, and
/// goes on in the next window.
///
/// ```swift
/// var skip = SeedStreamSkip()
/// skip.scan(bytes, from: 0)   // the offset just past the value, or nil: give it more bytes
/// ```
struct SeedStreamSkip {
    private var started = false
    private var scalar = false
    private var inString = false
    private var escaped = false
    private var depth = 0

    /// The offset just past the value that starts at (or after white space from) `start`, or nil
    /// when `bytes` end before it does.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        let end = bytes.count
        while i < end {
            let c = bytes[i]
            if inString {
                if escaped {
                    escaped = false
                } else if c == 0x5C {
                    escaped = true
                } else if c == 0x22 {
                    inString = false
                    if depth == 0 { return i + 1 }
                }
            } else if !started {
                switch c {
                case 0x20, 0x09, 0x0A, 0x0D: break
                case 0x22: (started, inString) = (true, true)
                case 0x7B, 0x5B: (started, depth) = (true, 1)
                default: (started, scalar) = (true, true)
                }
            } else if scalar {
                switch c {
                case 0x2C, 0x7D, 0x5D, 0x20, 0x09, 0x0A, 0x0D: return i
                default: break
                }
            } else {
                switch c {
                case 0x22: inString = true
                case 0x7B, 0x5B: depth += 1
                case 0x7D, 0x5D:
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
            }
            i += 1
        }
        return nil
    }
}
