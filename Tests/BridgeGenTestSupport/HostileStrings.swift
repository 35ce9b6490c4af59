import Foundation

// Shared by the Swift, TypeScript and Markdown property tests.

/// Seeded generator of the strings a schema can carry, over every code point class that
/// means something to a generated file (issue 15, "Fuzzing"), and the schema that carries them.
///
/// `BRIDGEGEN_FUZZ_SEED=N` picks the seed (default fixed), `BRIDGEGEN_FUZZ_ITERATIONS=N` how
/// many strings (default 48). Every failure message names the seed.
public struct HostileStrings {
    /// Pieces strings are built from, by class. Line terminators of every language, controls,
    /// bidi, non-BMP, combining marks, quotes, comment closers and openers, interpolation
    /// openers and Markdown specials.
    public static let pieces: [[String]] = [
        (0x00...0x1F).map { String(UnicodeScalar($0)!) } + ["\u{7F}"],
        (0x80...0x9F).map { String(UnicodeScalar($0)!) },
        ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\n\n"],
        ["\u{61C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
         "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}"],
        ["😀", "𝄞", "\u{10FFFD}", "👩‍👩‍👧", "e\u{301}", "\u{308}", "\u{FEFF}", "\u{FFFD}", "é", "中文"],
        ["'", "\"", "`", "``", "```", "\\", "\\\\", "\\u0041", "\\n", "\\("],
        ["*/", "/*", "/**", "//", "-->", "<!--", "*", "@deprecated", "#", "#!"],
        ["${", "\\(x)", "#{", "{{", "}", "$", "%s"],
        ["|", "\\|", "<", ">", "&", "&amp;", "<script>", "<pre>", "_", "[x](y)", "~~~", "- ", "> ", "    "],
        ["a", "word", " ", "\t", "Z", "0", "-", ".", ":"],
    ]

    /// Identifiers that `global:` accepts and that look like trouble: `$`, underscores, the
    /// names of the page's machinery and of `Object.prototype` members that are not the three
    /// forbidden segments. The validator lets them through; every emitter must write them as
    /// it writes any other text.
    public static let globalSegments = ["$", "_", "$$", "__", "_$_", "$0", "a", "window", "globalThis", "__bridgegen",
                                        "eval", "Function", "toString", "valueOf", "hasOwnProperty", "__defineGetter__",
                                        "__lookupSetter__", "isPrototypeOf", "then", "webkit", "self", "top"]

    /// The characters a method, event or page method `wire:` may hold (docs/IDL.md `WireName`).
    public static func isAllowedInWireName(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return (0x30...0x39).contains(v) || (0x41...0x5A).contains(v) || (0x61...0x7A).contains(v) || "-_.:/".unicodeScalars.contains(scalar)
    }

    /// The class of the strings an enum wire value may hold: no C0, DEL or C1 controls.
    public static func isAllowedInWireValue(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v >= 0x20 && v != 0x7F && !(0x80...0x9F).contains(v)
    }

    /// The hostile schema's path (its file name must be the module's; the folder is free).
    public static let fileName = "dir\r\n*/-->\u{2028}\u{202E}|`/fuzz.bridge.yaml"

    public let seed: UInt64
    public let count: Int
    private var random: SeededRandom

    public init() {
        let env = ProcessInfo.processInfo.environment
        seed = env["BRIDGEGEN_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_0015
        count = max(1, env["BRIDGEGEN_FUZZ_ITERATIONS"].flatMap { Int($0) } ?? 48)
        random = SeededRandom(seed: seed)
    }

    private mutating func below(_ n: Int) -> Int { random.next(below: n) }

    /// One hostile string: a marker `Q<i>` first and `Z<i>` last (so a test can find it
    /// whatever happened in between), random pieces in between.
    public mutating func string(_ index: Int) -> String {
        var s = "Q\(index) "
        for _ in 0..<(2 + below(14)) {
            let group = Self.pieces[below(Self.pieces.count)]
            s += group[below(group.count)]
        }
        return s + " Z\(index)"
    }

    /// A valid `global:` path of 1 to 8 segments from `globalSegments` (the last names the
    /// page method, `Q<index>`), with a leading `window.` half the time.
    public mutating func globalPath(_ index: Int) -> String {
        var segments = (0..<below(8)).map { _ in Self.globalSegments[below(Self.globalSegments.count)] }
        segments.append("Q\(index)")
        return (below(2) == 0 ? "window." : "") + segments.joined(separator: ".")
    }

    /// The exploit of the issue, and its variants per line terminator: a doc that ends its
    /// comment and declares `injected<N>` if a generator lets it.
    public static func exploits(_ n: Int) -> [String] {
        ["\r", "\r\n", "\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0}"].map { terminator in
            "A thing.\(terminator)public static let injected\(n) = \"pwned\""
        }
    }

    /// A YAML double-quoted scalar whose value is exactly `s`: printable ASCII as is, every
    /// other scalar escaped.
    public static func yaml(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            default:
                if scalar.value >= 0x20 && scalar.value < 0x7F {
                    out.unicodeScalars.append(scalar)
                } else if scalar.value <= 0xFFFF {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out += String(format: "\\U%08X", scalar.value)
                }
            }
        }
        return out + "\""
    }

    /// What a doc means once printed: line terminators as `\n`, trailing blank lines and
    /// spaces gone (a YAML `|` block keeps one newline; no target prints it).
    public static func normalizedDoc(_ s: String) -> String {
        var lines: [String] = []
        var current = ""
        var previousWasCR = false
        for scalar in s.unicodeScalars {
            if scalar == "\n" && previousWasCR { previousWasCR = false; continue }
            previousWasCR = scalar == "\r"
            if [0x0A, 0x0D, 0x85, 0x2028, 0x2029].contains(scalar.value) {
                lines.append(current)
                current = ""
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        var text = lines.joined(separator: "\n")
        while let last = text.unicodeScalars.last, last == " " || last == "\n" { text.unicodeScalars.removeLast() }
        return text
    }

    /// The message a schema error gets by default: the first non-empty line of its doc.
    public static func firstLine(_ s: String) -> String {
        normalizedDoc(s).components(separatedBy: "\n").first { !$0.isEmpty } ?? ""
    }
}

/// A schema module `fuzz` carrying hostile strings in every place a schema has text, and
/// what each place must come out as: types, fields, cases, methods, events, errors, and page
/// methods `pm<i>` (doc, wire name, deprecation, params' docs, string and enum defaults and
/// deprecation, result doc, `errors:`, and for odd i a `global:` path) plus one page method
/// `px<n>` per exploit.
public struct HostileSchema {
    /// The strings, by index: docs, defaults, deprecation messages and error docs use them.
    public var strings: [String] = []
    /// The enum wire value of entry i (the string without the controls wire values refuse).
    public var wireValues: [String] = []
    /// Exploit docs (see `HostileStrings.exploits`), each in a type, field, case, method,
    /// event and error doc.
    public var exploits: [String] = []
    /// The wire name of page method `pm<i>`: `pm<i>:` and the characters of string i a wire
    /// name may hold (`/`, `.`, `:` and `-` included), at most 128.
    public var pageWireNames: [String] = []
    /// The `global:` of page method `pm<i>` (odd i only; nil for client-only page methods).
    public var globals: [String?] = []
    public var yaml = ""

    public init(generator: inout HostileStrings, benign: Bool = false) {
        for i in 0..<generator.count {
            let s = generator.string(i)
            strings.append(benign ? "Q\(i) plain Z\(i)" : s)
        }
        wireValues = strings.map { s in String(String.UnicodeScalarView(s.unicodeScalars.filter(HostileStrings.isAllowedInWireValue))) }
        exploits = benign ? [] : HostileStrings.exploits(0)
        pageWireNames = strings.indices.map { i in
            String(("pm\(i):" + String(String.UnicodeScalarView(strings[i].unicodeScalars.filter(HostileStrings.isAllowedInWireName)))).prefix(128))
        }
        // Drawn after the strings, so that a seed's strings stay what they were.
        globals = strings.indices.map { i in
            let path = generator.globalPath(i)
            return i % 2 == 1 ? path : nil
        }
        yaml = render()
    }

    private func render() -> String {
        var y = "bridgegen: 1\nmodule: fuzz\ndoc: \(HostileStrings.yaml(strings[0]))\ntypes:\n"
        for (i, s) in strings.enumerated() {
            let q = HostileStrings.yaml(s)
            y += """
              S\(i):
                doc: \(q)
                fields:
                  value:
                    type: string
                    default: \(q)
                    doc: \(q)
                  old:
                    type: string?
                    deprecated: \(q)
              E\(i):
                doc: \(q)
                cases:
                  c:
                    wire: \(HostileStrings.yaml(wireValues[i]))
                    doc: \(q)
                  d:
                    deprecated: \(q)

            """
        }
        for (n, exploit) in exploits.enumerated() {
            let q = HostileStrings.yaml(exploit.replacingOccurrences(of: "injected0", with: "injected\(n)"))
            y += """
              X\(n):
                doc: \(q)
                fields:
                  f:
                    type: int
                    doc: \(q)

            """
        }
        y += "methods:\n"
        for (i, s) in strings.enumerated() {
            let q = HostileStrings.yaml(s)
            y += """
              m\(i):
                kind: request
                doc: \(q)
                params:
                  p:
                    type: string
                    doc: \(q)
                returns:
                  type: E\(i)
                  doc: \(q)
                errors: [e\(i)]

            """
        }
        for (n, exploit) in exploits.enumerated() {
            y += "  x\(n):\n    kind: send\n    doc: \(HostileStrings.yaml(exploit.replacingOccurrences(of: "injected0", with: "injected\(n)")))\n"
        }
        y += "events:\n"
        for (i, s) in strings.enumerated() {
            let q = HostileStrings.yaml(s)
            y += "  ev\(i):\n    doc: \(q)\n    deprecated: \(q)\n    payload:\n      p: {type: string, doc: \(q)}\n"
        }
        y += "pageMethods:\n"
        for (i, s) in strings.enumerated() {
            // Every place a page method has text: its doc, wire name and deprecation, its
            // params' docs, string and enum defaults and deprecation, its result's doc, and
            // (through `errors:`) the doc of error i.
            let q = HostileStrings.yaml(s)
            y += """
              pm\(i):
                doc: \(q)
                wire: \(HostileStrings.yaml(pageWireNames[i]))
                params:
                  a:
                    type: string
                    doc: \(q)
                  s:
                    type: string
                    default: \(q)
                    doc: \(q)
                  e:
                    type: E\(i)
                    default: c
                    doc: \(q)
                  old:
                    type: string?
                    deprecated: \(q)
                returns:
                  type: S\(i)?
                  doc: \(q)
                errors: [e\(i)]
                deprecated: \(q)

            """
            if let global = globals[i] { y += "    global: \(HostileStrings.yaml(global))\n" }
        }
        // Page methods with the exploit in each place, in the plain schema too (with plain
        // text), so that both have the same page methods and only their text differs.
        for n in HostileStrings.exploits(0).indices {
            let text = exploits.isEmpty ? "Plain page method \(n)." : exploits[n].replacingOccurrences(of: "injected0", with: "injected\(n)")
            let q = HostileStrings.yaml(text)
            y += """
              px\(n):
                doc: \(q)
                params:
                  f:
                    type: int
                    doc: \(q)
                returns:
                  type: int
                  doc: \(q)
                deprecated: \(q)

            """
        }
        y += "errors:\n"
        for (i, s) in strings.enumerated() {
            y += "  e\(i):\n    code: \(1000 + i)\n    doc: \(HostileStrings.yaml(s))\n"
        }
        for (n, exploit) in exploits.enumerated() {
            // After the strings' codes, however many strings a long fuzz run draws.
            y += "  x\(n):\n    code: \(1000 + strings.count + n)\n    doc: \(HostileStrings.yaml(exploit.replacingOccurrences(of: "injected0", with: "injected\(n)")))\n"
        }
        return y
    }
}

extension String {
    /// Whether `needle`'s UTF-8 bytes occur in this string's. `contains` compares Characters,
    /// and a hostile combining mark right after a match joins the match's last Character.
    public func containsBytes(_ needle: String) -> Bool {
        let hay = Array(utf8), pin = Array(needle.utf8)
        guard !pin.isEmpty, hay.count >= pin.count else { return pin.isEmpty }
        for start in 0...(hay.count - pin.count) where hay[start] == pin[0] && Array(hay[start..<start + pin.count]) == pin {
            return true
        }
        return false
    }
}
