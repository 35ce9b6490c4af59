import BridgeGenPlatform

/// stdin and stderr through the file descriptors: FileHandle is not in FoundationEssentials,
/// the Foundation this binary links.
enum StandardStreams {
    /// Up to `limit` bytes of standard input, fewer at its end.
    static func readInput(upTo limit: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count < limit {
            let wanted = min(chunk.count, limit - bytes.count)
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, wanted) }
            if count > 0 {
                bytes += chunk[..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        return bytes
    }

    /// Writes all of `text` to standard error (a closed stderr drops it, as FileHandle did).
    static func writeError(_ text: String) {
        var text = text
        text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if count > 0 { offset += count } else if count < 0 && errno == EINTR { continue } else { return }
            }
        }
    }
}
