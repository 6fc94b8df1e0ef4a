#if canImport(Glibc)
    /// glibc's `malloc_trim(3)` (declared in malloc.h, which Swift's Glibc module does not import).
    @_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32
#endif

/// Gives memory the allocator holds free back to the system. glibc keeps freed blocks in its
/// arenas (one per thread that allocated), so after a first import's parsing and facet index,
/// hundreds of thousands of small blocks freed at once still count in the process's resident
/// size until `malloc_trim` releases their pages. Elsewhere (Darwin's allocator returns them by
/// itself) it does nothing.
///
/// ```swift
/// index(builder.take())        // the built index written to its file and let go
/// FreedMemory.giveBack()
/// ```
enum FreedMemory {
    static func giveBack() {
        #if canImport(Glibc)
            _ = mallocTrim(0)
        #endif
    }
}
