import BridgeGenCore

/// The type names the generated Kotlin cannot use, and the declarations a type would shadow.
enum KotlinReservedWords {
    /// Standard types the code inside a module's object names unqualified (its models' fields,
    /// their codec calls, `@Deprecated`): a schema type of that name, nested in the object, would
    /// take their place there.
    static let typeNames = ["Any", "Boolean", "Deprecated", "Double", "Int", "List", "Long", "Map", "Nothing",
                            "ReplaceWith", "String", "Suppress", "Unit"]

    static let all = ReservedWords(.type, typeNames, reason: "Kotlin")

    /// The top-level declarations of the generated support and Android files: every runtime
    /// file's, read from the embedded runtime (so the list cannot drift from it), and the set's
    /// `BridgeConfiguration`.
    static let supportTypeNames: Set<String> = {
        let files = KotlinSupportGenerator.support(KotlinSettings()).runtimeFiles + KotlinSupportGenerator.android(KotlinSettings()).runtimeFiles
        var names = Set(["BridgeConfiguration"] + KotlinSupportGenerator.scriptConstants.values)
        for file in files where KotlinSupportGenerator.scriptConstants[file] == nil {
            for line in EmbeddedRuntime.files.file(file).body.split(separator: "\n") where !line.hasPrefix(" ") {
                if let name = declaredName(line) { names.insert(name) }
            }
        }
        return names
    }()

    /// The class, object or interface a top-level line declares (`public data class JsonValue(`), or nil.
    static func declaredName(_ line: Substring) -> String? {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "(" || $0 == "<" || $0 == ":" || $0 == "{" })
        guard let index = words.firstIndex(where: { ["class", "object", "interface"].contains($0) }), index + 1 < words.count,
              words[..<index].allSatisfy({ ["public", "internal", "private", "data", "sealed", "enum", "abstract", "open", "fun", "value", "annotation"].contains($0) })
        else { return nil }
        return String(words[index + 1])
    }

    /// What every module adds at the top level of its package: its object, codec, handler, events, page caller, dispatcher and errors.
    static func moduleNames(_ module: String) -> [String] {
        [KotlinNamer.namespace(module), KotlinNamer.codec(module), KotlinHandlerGenerator.name(module), KotlinEventsGenerator.name(module),
         KotlinPageGenerator.name(module), KotlinDispatchGenerator.name(module), KotlinErrorGenerator.name(module)]
    }

    /// Members every error class inherits from `Throwable` and `Any` (`getClass()`): a data field
    /// of that name would clash with them. `code` and `message` are refused for every target.
    static let throwableMembers: Set<String> = ["cause", "stackTrace", "localizedMessage", "suppressed", "class"]

    /// Members of the generated page caller (and of `Any`, which a page method's function would clash with).
    static let pageCallerMembers: Set<String> = ["withTimeout", "equals", "hashCode", "toString"]
}
