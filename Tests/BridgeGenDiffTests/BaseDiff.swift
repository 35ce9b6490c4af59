import BridgeGenTestSupport

/// Applies a unified diff (as `diff -uN` writes it) from `base/` to the two versions of an
/// evolution case, strictly: every hunk must find its context and removed lines at exactly
/// the line it names. Unlike `patch`, no offset and no fuzz, so an edit to `base/` that a case
/// depends on fails that case loudly instead of moving or dropping its change.
///
/// Each section goes from `--- base/<file>` to `+++ old/<file>` or `+++ new/<file>`; a file
/// `base/` lacks counts as empty, and a file the diff empties is left out of that version.
/// Both versions start as a copy of `base/`.
enum BaseDiff {
    static func apply(_ diff: String, to base: [String: String]) throws -> [String: String] {
        var files: [String: String] = [:]
        for side in ["old", "new"] {
            for (name, contents) in base { files[side + "/" + name] = contents }
        }
        var lines = diff.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var index = 0, edited = Set<String>()
        func fail(_ message: String) -> TestFailure { TestFailure("line \(index + 1): \(message)") }
        while index < lines.count {
            guard lines[index].hasPrefix("--- base/"), index + 1 < lines.count, lines[index + 1].hasPrefix("+++ ") else {
                throw fail("expected `--- base/<file>` then `+++ old/<file>` or `+++ new/<file>`, found `\(lines[index])`")
            }
            let name = String(lines[index].dropFirst("--- base/".count))
            let target = String(lines[index + 1].dropFirst("+++ ".count))
            guard target == "old/" + name || target == "new/" + name else {
                throw fail("`+++ \(target)` is not old/\(name) or new/\(name)")
            }
            guard edited.insert(target).inserted else { throw fail("\(target) is edited twice") }
            index += 2
            let source = Self.lines(base[name] ?? "")
            var result: [String] = [], next = 0
            while index < lines.count, lines[index].hasPrefix("@@") {
                guard let header = Self.hunkHeader(lines[index]) else { throw fail("unreadable hunk header `\(lines[index])`") }
                let (start, oldCount, newCount) = header
                // A hunk that only adds names the line it adds after (0: the top).
                let first = oldCount == 0 ? start : start - 1
                guard first >= next, first <= source.count else { throw fail("hunk at line \(start) of base/\(name) is out of order or past its end") }
                result += source[next..<first]
                next = first
                index += 1
                let (read, written) = (next, result.count)
                // The counts end the hunk: a removed line may itself start with `--`.
                while next - read < oldCount || result.count - written < newCount {
                    guard index < lines.count, let marker = lines[index].first, " -+".contains(marker) else {
                        throw fail("the hunk at line \(start) of base/\(name) ends before the \(oldCount) old and \(newCount) new lines its header counts")
                    }
                    let text = String(lines[index].dropFirst())
                    if marker == "+" {
                        result.append(text)
                    } else {
                        guard next < source.count, source[next] == text else {
                            let found = next < source.count ? "`\(source[next])`" : "the end of the file"
                            throw fail("base/\(name):\(next + 1) is \(found), the diff expects `\(text)`")
                        }
                        if marker == " " { result.append(text) }
                        next += 1
                    }
                    index += 1
                }
                guard next - read == oldCount, result.count - written == newCount else {
                    throw fail("the hunk at line \(start) of base/\(name) holds more lines than its header counts")
                }
            }
            result += source[next...]
            files[target] = result.isEmpty ? nil : result.map { $0 + "\n" }.joined()
        }
        return files
    }

    /// The lines of a file that ends in a newline (every fixture does).
    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The old start line and the old and new line counts of `@@ -140,7 +140,6 @@` (a count
    /// left out is 1).
    private static func hunkHeader(_ header: String) -> (Int, Int, Int)? {
        let parts = header.split(separator: " ")
        guard parts.count >= 4, parts[0] == "@@", parts[3] == "@@", parts[1].hasPrefix("-"), parts[2].hasPrefix("+") else { return nil }
        func range(_ part: Substring) -> (Int, Int)? {
            let numbers = part.dropFirst().split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
            guard let start = numbers.first ?? nil, numbers.count <= 2 else { return nil }
            guard numbers.count == 2 else { return (start, 1) }
            return numbers[1].map { (start, $0) }
        }
        guard let old = range(parts[1]), let new = range(parts[2]) else { return nil }
        return (old.0, old.1, new.1)
    }
}
