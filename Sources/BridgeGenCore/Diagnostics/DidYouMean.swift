/// Spelling suggestions for unknown names.
public enum DidYouMean {
    /// The closest candidate within an edit distance that scales with the word (case-insensitive),
    /// or nil. Ties go to the alphabetically first candidate, so output is deterministic.
    public static func suggestion(for word: String, in candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        var best: (distance: Int, candidate: String)?
        for candidate in Set(candidates).sorted() where candidate != word {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, best == nil || distance < best!.distance {
                best = (distance, candidate)
            }
        }
        return best?.candidate
    }

    /// Edit distance over characters where swapping two neighbours counts as one edit
    /// (optimal string alignment), so `tyeps` is one edit from `types`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    /// ` (did you mean 'x'?)` or an empty string.
    static func clause(for word: String, in candidates: [String]) -> String {
        suggestion(for: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
