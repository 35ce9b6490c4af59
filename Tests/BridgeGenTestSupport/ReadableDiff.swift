/// A unified line diff of `expected` against `actual` (`-` expected only, `+` actual only, two
/// lines of context, `@@ -line,count +line,count @@` hunks), cut after `maxLines` lines so a
/// rewritten file stays readable in a test log. Empty when the texts are equal.
public func readableDiff(expected: String, actual: String, maxLines: Int = 150) -> String {
    let old = expected.components(separatedBy: "\n"), new = actual.components(separatedBy: "\n")
    let edits = lineEdits(old, new)
    // Hunks: runs of changes with up to `context` equal lines around them.
    let context = 2
    let changed = edits.indices.filter { edits[$0].kind != " " }
    guard !changed.isEmpty else { return "" }
    var out: [String] = []
    var index = 0
    while index < changed.count {
        var last = index
        while last + 1 < changed.count, changed[last + 1] - changed[last] <= 2 * context + 1 { last += 1 }
        let from = max(0, changed[index] - context), to = min(edits.count - 1, changed[last] + context)
        let hunk = edits[from...to]
        let oldCount = hunk.filter { $0.kind != "+" }.count, newCount = hunk.filter { $0.kind != "-" }.count
        out.append("@@ -\(hunk.first!.oldLine),\(oldCount) +\(hunk.first!.newLine),\(newCount) @@")
        out += hunk.map { "\($0.kind)\($0.text)" }
        index = last + 1
    }
    if out.count > maxLines {
        let more = out.count - maxLines
        out = Array(out.prefix(maxLines)) + ["... \(more) more diff lines"]
    }
    // A missing final newline shows only as an empty line; say so.
    if expected.hasSuffix("\n") != actual.hasSuffix("\n") {
        out.append(expected.hasSuffix("\n") ? "(expected ends with a newline; actual does not)" : "(actual ends with a newline; expected does not)")
    }
    return out.joined(separator: "\n")
}

/// One line of a diff: kept (" "), only in the expected text ("-") or only in the actual ("+"),
/// with the 1-based line numbers it has (or would have) on each side.
private struct LineEdit {
    var kind: Character
    var text: String
    var oldLine: Int
    var newLine: Int
}

/// The edit script by longest common subsequence over the lines between the common prefix and
/// suffix (a golden usually differs in a few lines, so that middle is small). A middle too big
/// for the table is shown as all removed, then all added.
private func lineEdits(_ old: [String], _ new: [String]) -> [LineEdit] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
    let a = Array(old[prefix..<(old.count - suffix)]), b = Array(new[prefix..<(new.count - suffix)])
    var middle: [(Character, String)] = []
    if a.count * b.count <= 4_000_000 {
        // table[i][j]: the LCS length of a[i...] and b[j...].
        let width = b.count + 1
        var table = [Int32](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                table[i * width + j] = a[i] == b[j] ? table[(i + 1) * width + j + 1] + 1
                    : max(table[(i + 1) * width + j], table[i * width + j + 1])
            }
        }
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                middle.append((" ", a[i])); i += 1; j += 1
            } else if i < a.count, j == b.count || table[(i + 1) * width + j] >= table[i * width + j + 1] {
                middle.append(("-", a[i])); i += 1
            } else {
                middle.append(("+", b[j])); j += 1
            }
        }
    } else {
        middle = a.map { ("-", $0) } + b.map { ("+", $0) }
    }
    var edits: [LineEdit] = []
    var oldLine = 1, newLine = 1
    func add(_ kind: Character, _ text: String) {
        edits.append(LineEdit(kind: kind, text: text, oldLine: oldLine, newLine: newLine))
        if kind != "+" { oldLine += 1 }
        if kind != "-" { newLine += 1 }
    }
    old[..<prefix].forEach { add(" ", $0) }
    middle.forEach { add($0.0, $0.1) }
    old[(old.count - suffix)...].forEach { add(" ", $0) }
    return edits
}
