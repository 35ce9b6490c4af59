/// The `global:` of a page method: a dot-separated path of JavaScript identifiers naming a
/// function an existing page defines (`app.getCartCount`, `window.sample.showMessage`).
/// The page-call body walks it from `globalThis` property by property, so each segment is a
/// plain identifier and none can step into an object's prototype machinery.
public enum GlobalPath {
    /// Segments that would walk into prototypes (`Object.prototype.constructor` reaches
    /// `Function`), never the name of a page's own function.
    public static let forbiddenSegments: Set<String> = ["__proto__", "prototype", "constructor"]

    /// What is wrong with one path; `offset` is in Unicode scalars from the start of the text
    /// as written (the segment's column minus the value's).
    public enum Problem: Hashable, Sendable {
        case empty
        case tooManySegments(Int)
        case emptySegment(offset: Int)
        case segmentTooLong(length: Int, offset: Int)
        case notAnIdentifier(String, offset: Int)
        case forbidden(String, offset: Int)
    }

    /// The segments (a leading `window.` dropped), or every problem found.
    public static func parse(_ text: String) -> Result<[String], Problems> {
        if text.isEmpty { return .failure(Problems([.empty])) }
        // Counted before anything is split, so a value of millions of dots costs one scan
        // rather than millions of substrings.
        let window = "window."
        let dropsWindow = text.utf8.starts(with: window.utf8)
        let count = text.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) } - (dropsWindow ? 1 : 0)
        if count > SchemaLimits.globalPathSegments { return .failure(Problems([.tooManySegments(count)])) }
        // Split by scalars, as the dots were counted: a String splits by Characters, and a
        // combining mark joins the dot before it into one (`window.\u{301}a.b` would become
        // `window.́a` and `b`, and dropping `window.` would leave the valid path `b`).
        var segments = text.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false)
            .map { String(String.UnicodeScalarView($0)) }
        var offset = 0
        if dropsWindow {
            segments.removeFirst()
            offset = window.unicodeScalars.count
        }
        var problems: [Problem] = []
        for segment in segments {
            let length = segment.unicodeScalars.count
            if segment.isEmpty {
                problems.append(.emptySegment(offset: offset))
            } else if length > SchemaLimits.nameLength {
                problems.append(.segmentTooLong(length: length, offset: offset))
            } else if !isIdentifier(segment) {
                problems.append(.notAnIdentifier(segment, offset: offset))
            } else if forbiddenSegments.contains(segment) {
                problems.append(.forbidden(segment, offset: offset))
            }
            offset += length + 1
        }
        return problems.isEmpty ? .success(segments) : .failure(Problems(problems))
    }

    /// Every problem of one path, in order (an `Error` so that `parse` can return a `Result`).
    public struct Problems: Error, Hashable, Sendable {
        public var all: [Problem]
        init(_ all: [Problem]) { self.all = all }
    }

    /// `[A-Za-z_$][A-Za-z0-9_$]*`: ASCII only, so that the path means the same to every engine
    /// and reads the same in generated code and docs.
    public static func isIdentifier(_ s: String) -> Bool {
        let b = s.utf8
        guard let first = b.first, IDLNames.isLetter(first) || first == UInt8(ascii: "_") || first == UInt8(ascii: "$") else {
            return false
        }
        return b.allSatisfy { IDLNames.isLetter($0) || IDLNames.isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "$") }
    }
}
