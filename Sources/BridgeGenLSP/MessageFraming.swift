import BridgeGenPlatform

/// The base protocol's framing: `Content-Length: N` headers, a blank line, N bytes of JSON.
/// Reads from a file descriptor (standard input), so no Foundation stream is needed.
public struct MessageReader {
    /// A bigger body is skipped, not buffered: a schema is at most 16 MiB of text, which
    /// escaped in JSON stays well under this.
    public static let maximumBodyLength = 128 << 20

    public enum Frame: Equatable {
        case message([UInt8])
        /// Headers without a usable `Content-Length`, or a body over the limit (skipped).
        case malformed(String)
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    public init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next frame, or nil at the end of the input.
    public mutating func next() -> Frame? {
        guard let headers = readHeaders() else { return nil }
        var length: Int?
        for line in headers.split(separator: "\r\n", omittingEmptySubsequences: true) {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { continue }
            length = Int(parts[1].trimmingPrefix(while: { $0 == " " || $0 == "\t" }).prefix { $0 != " " && $0 != "\t" })
        }
        guard let length, length >= 0 else { return .malformed("a message without a valid Content-Length header") }
        guard length <= Self.maximumBodyLength else {
            skip(length)
            return .malformed("a message of \(length) bytes, over the limit of \(Self.maximumBodyLength)")
        }
        guard fill(length) else { return nil }
        let body = Array(buffer[start..<start + length])
        consume(length)
        return .message(body)
    }

    /// Whether more input has already arrived (buffered, or readable without waiting).
    public mutating func hasPendingInput() -> Bool {
        if buffer.count > start { return true }
        guard !atEnd else { return false }
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }

    /// The header block up to and without its blank line; nil at the end of the input.
    private mutating func readHeaders() -> String? {
        var searched = start
        while true {
            if let end = find([0x0D, 0x0A, 0x0D, 0x0A], from: searched) {
                let text = String(decoding: buffer[start..<end], as: UTF8.self)
                consume(end + 4 - start)
                return text
            }
            // Headers are short; a runaway block without a blank line is dropped, not kept.
            if buffer.count - start > 1 << 16 { consume(buffer.count - start - 3) }
            searched = max(start, buffer.count - 3)
            guard readMore() else { return nil }
        }
    }

    private func find(_ needle: [UInt8], from offset: Int) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        var i = max(offset, start)
        while i + needle.count <= buffer.count {
            if buffer[i] == needle[0], buffer[i + 1] == needle[1], buffer[i + 2] == needle[2], buffer[i + 3] == needle[3] { return i }
            i += 1
        }
        return nil
    }

    private mutating func fill(_ count: Int) -> Bool {
        while buffer.count - start < count {
            guard readMore() else { return false }
        }
        return true
    }

    private mutating func skip(_ count: Int) {
        var left = count
        while left > 0 {
            if buffer.count == start, !readMore() { return }
            let taken = min(left, buffer.count - start)
            consume(taken)
            left -= taken
        }
    }

    private mutating func consume(_ count: Int) {
        start += count
        if start > 1 << 20 || start == buffer.count {
            buffer.removeFirst(start)
            start = 0
        }
    }

    private mutating func readMore() -> Bool {
        guard !atEnd else { return false }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return true
            }
            if count < 0 && errno == EINTR { continue }
            atEnd = true
            return false
        }
    }
}

/// Writes framed messages to a file descriptor (standard output), whole.
public struct MessageWriter: Sendable {
    private let descriptor: Int32

    public init(descriptor: Int32) { self.descriptor = descriptor }

    public func send(_ message: JSONValue) {
        let body = JSONWriter.bytes(message)
        var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes += body
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
