extension String {
    /// `self` and `component` joined by one `/`, as NSString's appendingPathComponent does on
    /// Linux (which FoundationEssentials does not offer): an empty side gives the other, a
    /// `/` already ending `self` is not doubled; nothing else is normalised.
    package func appendingPath(_ component: String) -> String {
        if component.isEmpty { return self }
        if isEmpty { return component }
        return hasSuffix("/") ? self + component : self + "/" + component
    }

    /// `self` with each Unicode scalar that `replacements` maps replaced by its text, all at
    /// once. Scalars, not Characters: a `\r\n` or a quote under a combining mark is one
    /// Character, and an escape must still see the `\r`, the `\n` or the quote in it.
    func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replacement = replacements[scalar] { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// `self` without leading and trailing whitespace and newlines.
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
