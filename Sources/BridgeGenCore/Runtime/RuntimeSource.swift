/// One runtime file of a target (`Runtime/Swift/Session.swift`, `Runtime/TypeScript/runtime.ts`),
/// compiled into the generator by `Scripts/embed-runtime.sh`, so the runtime is written,
/// compiled and tested as real code in Runtime/ (see Runtime/README.md).
///
/// The file's leading comment block (and, in Swift, its imports) are the repository's, not
/// output. The rest is split at each access modifier the runtime declares (`public` in the
/// Swift sources), so the configured access level is put in by position, never by searching
/// the text.
public struct RuntimeSource: Sendable, Equatable {
    /// The file name, e.g. `Session.swift`.
    public let name: String
    /// The text around the access modifiers, in order; `count - 1` modifiers.
    public let segments: [String]

    public init(name: String, segments: [String]) {
        self.name = name
        self.segments = segments
    }

    /// How many access modifiers the file declares.
    public var accessModifierCount: Int { segments.count - 1 }

    /// The file's text with `access` (e.g. `"public "`, `"package "`, `""`) at each access
    /// modifier, without trailing newlines (the printer ends lines).
    public func text(access: String = "") -> String {
        var text = segments.joined(separator: access)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

extension Array where Element == RuntimeSource {
    /// The embedded file named `name`. A missing name is a bug in the generator (the names
    /// are constants next to the embedding), caught by every generation test.
    public func file(_ name: String) -> RuntimeSource {
        guard let file = first(where: { $0.name == name }) else {
            preconditionFailure("no embedded runtime file \(name); embedded: \(map(\.name))")
        }
        return file
    }
}
