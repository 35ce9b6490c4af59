extension String {
    /// `self` with each Unicode scalar that `replacements` maps replaced by its text, all at
    /// once. Scalars, not Characters: a `\r\n` or a quote under a combining mark is one
    /// Character, and an escape must still see the `\r`, the `\n` or the quote in it.
    package func replacingScalars(_ replacements: [Unicode.Scalar: String]) -> String {
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            if let replacement = replacements[scalar] { out += replacement } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// `self` without leading and trailing whitespace and newlines.
    package var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
