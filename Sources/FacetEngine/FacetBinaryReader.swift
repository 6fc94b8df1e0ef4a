/// Reads what ``FacetBinaryWriter`` wrote, throwing ``FacetIndexError/truncated`` instead of
/// reading past the end. Only valid inside the `withUnsafeBytes` call that made its buffer.
package struct FacetBinaryReader {
    package let buffer: UnsafeRawBufferPointer
    package private(set) var position: Int

    package init(_ buffer: UnsafeRawBufferPointer, position: Int = 0) {
        self.buffer = buffer
        self.position = position
    }

    package var remaining: Int { buffer.count - position }

    package mutating func read<T: FixedWidthInteger>(_: T.Type) throws -> T {
        let size = MemoryLayout<T>.size
        guard remaining >= size, let base = buffer.baseAddress else { throw FacetIndexError.truncated }
        var value: T = 0
        withUnsafeMutableBytes(of: &value) {
            $0.copyMemory(from: UnsafeRawBufferPointer(start: base + position, count: size))
        }
        position += size
        return T(littleEndian: value)
    }

    package mutating func readBytes(count: Int) throws -> [UInt8] {
        guard count >= 0, remaining >= count, let base = buffer.baseAddress else { throw FacetIndexError.truncated }
        let result = [UInt8](UnsafeRawBufferPointer(start: base + position, count: count))
        position += count
        try skipPadding()
        return result
    }

    /// A count-prefixed array; the count must fit in what is left.
    package mutating func readArray<T: FixedWidthInteger>(_: T.Type) throws -> [T] {
        let declared = try read(UInt64.self)
        let stride = MemoryLayout<T>.stride
        guard declared <= UInt64(remaining / stride), let base = buffer.baseAddress else {
            throw FacetIndexError.truncated
        }
        let count = Int(declared)
        let source = UnsafeRawBufferPointer(start: base + position, count: count * stride)
        let array = [T](unsafeUninitializedCapacity: count) { target, initialized in
            UnsafeMutableRawBufferPointer(target).copyMemory(from: source)
            initialized = count
        }
        position += count * stride
        try skipPadding()
        return array
    }

    /// A count-prefixed array left where it is, for copying out in pieces.
    package mutating func readSlice<T: FixedWidthInteger>(_: T.Type) throws -> FacetBinarySlice<T> {
        let declared = try read(UInt64.self)
        let stride = MemoryLayout<T>.stride
        guard declared <= UInt64(remaining / stride), let base = buffer.baseAddress else {
            throw FacetIndexError.truncated
        }
        let count = Int(declared)
        let slice = FacetBinarySlice<T>(bytes: UnsafeRawBufferPointer(start: base + position, count: count * stride))
        position += count * stride
        try skipPadding()
        return slice
    }

    /// Steps over the zero bytes that pad to 8; other bytes there are damage.
    private mutating func skipPadding() throws {
        let extra = (8 - position % 8) % 8
        guard remaining >= extra else { throw FacetIndexError.truncated }
        for offset in position..<position + extra where buffer[offset] != 0 { throw FacetIndexError.corrupt("padding") }
        position += extra
    }
}

/// Elements of a little-endian array inside a reader's buffer (valid as long as that buffer).
package struct FacetBinarySlice<T: FixedWidthInteger> {
    package let bytes: UnsafeRawBufferPointer

    package var count: Int { bytes.count / MemoryLayout<T>.stride }

    /// Element `index`, read where it lies (bounds checked by the caller).
    @inline(__always)
    package func element(_ index: Int) -> T {
        T(littleEndian: bytes.loadUnaligned(fromByteOffset: index * MemoryLayout<T>.stride, as: T.self))
    }

    /// Elements `start ..< start + length`, copied into an array (bounds checked by the caller).
    package func array(from start: Int, count length: Int) -> [T] {
        let stride = MemoryLayout<T>.stride
        let source = UnsafeRawBufferPointer(rebasing: bytes[start * stride..<(start + length) * stride])
        return [T](unsafeUninitializedCapacity: length) { target, initialized in
            UnsafeMutableRawBufferPointer(target).copyMemory(from: source)
            initialized = length
        }
    }
}
