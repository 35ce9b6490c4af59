/// Generated text built from pieces, collected as UTF-8 bytes and made a `String` once.
///
/// `String` interpolation and `+=` append each piece through the standard library's general
/// string append, several hundred instructions a piece; a large schema set has about a million
/// pieces in its hot lines (members, fields, codec and dispatch lines). Appending bytes to an
/// array costs a fraction of that. Write a line as `code("\(a)var \(name): \(type)")`, or
/// append pieces to a `SwiftCode` and take its `text`.
struct SwiftCode: ExpressibleByStringInterpolation {
    private var bytes: [UInt8]

    init(capacity: Int = 64) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    init(stringLiteral value: String) {
        bytes = Array(value.utf8)
    }

    init(stringInterpolation: Interpolation) {
        bytes = stringInterpolation.code.bytes
    }

    /// The text built so far.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func append(_ piece: String) {
        // Native and small strings lend their UTF-8 bytes: one copy, no per-piece String work.
        if piece.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            bytes.append(contentsOf: piece.utf8)
        }
    }

    mutating func append(_ scalar: Unicode.Scalar) {
        UTF8.encode(scalar) { bytes.append($0) }
    }

    static func += (code: inout SwiftCode, piece: String) { code.append(piece) }

    struct Interpolation: StringInterpolationProtocol {
        fileprivate var code: SwiftCode

        init(literalCapacity: Int, interpolationCount: Int) {
            code = SwiftCode(capacity: literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            if !literal.isEmpty { code.append(literal) }
        }

        mutating func appendInterpolation(_ piece: String) { code.append(piece) }
    }
}

/// A line (or part of one) written as an interpolation, built as `SwiftCode`.
func code(_ code: SwiftCode) -> String { code.text }
