extension StringProtocol {
    /// Whether every UTF-8 byte of the text passes `test`. The writers' ASCII fast paths ask this
    /// of every schema string: over the contiguous bytes (every native string has them) it costs a
    /// few instructions a byte, through `utf8`'s iterator about 25.
    @inlinable
    public func allBytes(_ test: (UInt8) -> Bool) -> Bool {
        utf8.withContiguousStorageIfAvailable { $0.allSatisfy(test) } ?? utf8.allSatisfy(test)
    }

    /// Runs `body` on the UTF-8 bytes of the text in one buffer (read only, not kept), for byte
    /// loops that need more than `allBytes`.
    @inlinable
    public func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        utf8.withContiguousStorageIfAvailable(body) ?? Array(utf8).withUnsafeBufferPointer(body)
    }
}
