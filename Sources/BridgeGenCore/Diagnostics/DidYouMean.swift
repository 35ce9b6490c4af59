/// Spelling suggestions for unknown names (schema keys and names, config values, CLI options).
///
/// Cheap for any input: a word longer than any name gets no suggestion without being read
/// through, candidates whose length alone puts them out of reach are skipped, and the distance
/// is computed in rows that stop as soon as every path exceeds the allowed distance.
public enum DidYouMean {
    /// Longer words get no suggestion: no candidate is this long (the longest is a qualified
    /// type name, `SchemaLimits.moduleNameLength + 1 + SchemaLimits.nameLength` = 193).
    public static let maximumWordLength = 256

    /// A search whose distance computations would take more steps than this gives no
    /// suggestion: at most a few milliseconds per unknown name, however many candidates.
    /// Decided from the candidates' lengths alone, so the outcome does not depend on their order.
    public static let maximumWork = 1_000_000

    /// An upper bound of the distance computations of a search for `word` among `count`
    /// candidates (in cells of the band; the unit of `maximumWork`), from lengths alone.
    public static func estimatedWork(for word: String, candidates count: Int) -> Int {
        let length = min(word.utf8.count, maximumWordLength)
        return count * max(1, length) * (2 * max(1, length / 3) + 1)
    }

    /// The closest candidate within an edit distance that scales with the word (case-insensitive),
    /// or nil. Ties go to the alphabetically first candidate, so output is deterministic.
    public static func suggestion(for word: String, in candidates: [String]) -> String? {
        // A scalar is at least one UTF-8 byte: this rejects huge words in O(1).
        guard word.utf8.count <= maximumWordLength * 4 else { return nil }
        let a = Array(word.lowercased().unicodeScalars)
        guard !a.isEmpty, a.count <= maximumWordLength else { return nil }
        let limit = max(1, a.count / 3)
        // Length differences are edits too: candidates too long or too short are skipped
        // before anything else is done with them.
        var reachable: [(candidate: String, scalars: [Unicode.Scalar])] = []
        for candidate in candidates where candidate != word {
            let bytes = candidate.utf8.count
            guard bytes <= maximumWordLength * 4, bytes + limit >= a.count else { continue }
            let b = Array(candidate.lowercased().unicodeScalars)
            guard abs(a.count - b.count) <= limit else { continue }
            reachable.append((candidate, b))
        }
        guard reachable.count * a.count * (2 * limit + 1) <= maximumWork else { return nil }
        var best: (distance: Int, candidate: String)?
        for (candidate, b) in reachable {
            let bound = best.map { min(limit, $0.distance) } ?? limit
            guard let distance = boundedDistance(a, b, limit: bound) else { continue }
            if best == nil || distance < best!.distance || (distance == best!.distance && candidate < best!.candidate) {
                best = (distance, candidate)
            }
        }
        return best?.candidate
    }

    /// Edit distance over Unicode scalars where swapping two neighbours counts as one edit
    /// (optimal string alignment), so `tyeps` is one edit from `types`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        return boundedDistance(a, b, limit: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// The optimal-string-alignment distance of `a` and `b` if it is at most `limit`, else nil.
    /// Only the band of cells within `limit` of the diagonal is computed (cells outside it
    /// exceed `limit`), in three rows (a swap looks two rows back), and a row whose every
    /// entry exceeds `limit` ends the computation: distances never decrease further down.
    static func boundedDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
        if abs(a.count - b.count) > limit { return nil }
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let outside = limit + 1
        var twoBack = [Int](repeating: outside, count: b.count + 1)
        var previous = (0...b.count).map { $0 <= limit ? $0 : outside }
        var current = [Int](repeating: outside, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - limit), high = min(b.count, i + limit)
            current[low - 1] = low == 1 ? i : outside
            var rowMinimum = current[low - 1]
            if low <= high {
                for j in low...high {
                    let above = j <= i - 1 + limit ? previous[j] : outside
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var d = min(above + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        d = min(d, twoBack[j - 2] + 1)
                    }
                    current[j] = min(d, outside)
                    rowMinimum = min(rowMinimum, current[j])
                }
            }
            if high < b.count { current[high + 1] = outside }
            if rowMinimum > limit { return nil }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        let distance = previous[b.count]
        return distance <= limit ? distance : nil
    }

    /// ` (did you mean 'x'?)` or an empty string.
    public static func clause(for word: String, in candidates: [String]) -> String {
        suggestion(for: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
