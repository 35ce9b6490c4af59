import BridgeGenCore

/// The messages of `bridgegen diff` (`SchemaDiff`): each says the change, who gets what from
/// whom ("pages built from the old schema ... apps built from the new one"), and the fix when
/// there is one. Ids: `breaking.<class>.<kind>` (error) and `compatible.<kind>` (warning or note),
/// kinds in `CompatibilityKind`, documented in docs/DIAGNOSTICS.md, "Schema changes".

/// What a value change is about, as a message names it.
enum CompatibilitySubject: Sendable, Hashable {
    /// A method's parameter: name, `module.method`.
    case parameter(String, of: String)
    /// An event's payload field: name, `module.event`.
    case payloadField(String, of: String)
    /// A page method's parameter: name, `module.pageMethod`.
    case pageParameter(String, of: String)
    /// A struct field: name, `module.Struct`.
    case field(String, of: String)
    /// A field of an error's data: name, `module.error`.
    case errorDataField(String, of: String)
    /// A request's result: `module.method`.
    case result(String)
    /// A page method's result: `module.pageMethod`.
    case pageResult(String)
    /// The items a stream yields: `module.method`.
    case items(String)
    /// An enum case by wire value: value, `module.Enum`.
    case enumCase(String, of: String)
    /// A union: `module.Union`.
    case union(String)
    /// A union's variant by wire value: value, `module.Union`.
    case variant(String, of: String)
    /// A field of a union's variant: name, the variant's wire value, `module.Union`.
    case variantField(String, variant: String, of: String)
    /// The elements of a list or the values of a map at a position (`T?` inside them).
    indirect case elements(of: CompatibilitySubject)

    var isElements: Bool {
        if case .elements = self { return true }
        return false
    }

    var text: String {
        switch self {
        case .parameter(let name, let owner): return "parameter '\(name)' of '\(owner)'"
        case .payloadField(let name, let owner): return "payload field '\(name)' of event '\(owner)'"
        case .pageParameter(let name, let owner): return "parameter '\(name)' of page method '\(owner)'"
        case .field(let name, let owner): return "field '\(name)' of '\(owner)'"
        case .errorDataField(let name, let owner): return "data field '\(name)' of error '\(owner)'"
        case .result(let owner): return "the result of '\(owner)'"
        case .pageResult(let owner): return "the result of page method '\(owner)'"
        case .items(let owner): return "the items of stream '\(owner)'"
        case .enumCase(let value, let owner): return "case '\(value)' of enum '\(owner)'"
        case .union(let name): return "union '\(name)'"
        case .variant(let value, let owner): return "variant '\(value)' of union '\(owner)'"
        case .variantField(let name, let variant, let owner): return "field '\(name)' of variant '\(variant)' of '\(owner)'"
        case .elements(let owner): return "the elements of " + owner.text
        }
    }
}

/// The details a value change's message quotes.
enum CompatibilityDetail: Sendable, Hashable {
    case none
    /// IDL spellings before and after.
    case types(old: String, new: String)
    /// JSON of the defaults before and after (empty when there was none).
    case defaults(old: String, new: String)
    /// Enum wire values before and after, and which of the two were written in `wire:`.
    case wireValues(old: String, new: String, pin: WirePin)
    /// A union's tag key before and after.
    case tags(old: String, new: String)
}

/// Which versions spell a wire name out in `wire:` when a member or enum case kept its key but
/// changed its wire name: the fix differs (take the `wire:` out, put it back, or set it back).
/// One of them always does: with no `wire:` on either side the key is the wire name on both.
enum WirePin: Sendable, Hashable {
    /// Only the new version has a `wire:`: the old wire name was the key.
    case added
    /// Only the old version had a `wire:`: the new wire name is the key.
    case removed
    /// Both have one, with different values.
    case changed

    /// From the key and each version's wire name (a `wire:` equal to the key changes nothing).
    init(key: String, old: String, new: String) {
        self = old == key ? .added : new == key ? .removed : .changed
    }

    /// The fix that restores `old` on the wire; `valueOf`: the noun (`case`, `variant`) whose
    /// wire value it is, nil for a member's wire name.
    func fix(old: String, new: String, valueOf noun: String? = nil) -> String {
        let (wire, key) = noun.map { ("wire value", "\($0) name") } ?? ("wire name", "key")
        switch self {
        case .added: return "remove `wire: \(new)`: the old schema had none, so its \(wire) was the \(key) '\(old)'"
        case .removed: return "put back `wire: \(old)`: without it the \(key) '\(new)' is the \(wire)"
        case .changed: return "set `wire:` back to '\(old)'"
        }
    }
}

extension DiffMessages {
    private static func compatibility(_ kind: CompatibilityKind, _ cls: CompatibilityClass?, _ message: String,
                                      at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        let severity = cls == nil ? (kind.compatibleSeverity ?? .warning) : .error
        return Diagnostic(severity, id: kind.id(cls), message, at: location, notes: notes)
    }

    // MARK: - Notes

    /// The note at the matching declaration of the old version.
    static func inOldSchema(_ location: SourceLocation?) -> [Diagnostic.Note] {
        location.map { [Diagnostic.Note("the old schema's declaration", at: $0)] } ?? []
    }

    /// The note at the new version's parent that lost a declaration.
    static func removedFrom(_ parent: String, _ location: SourceLocation?) -> [Diagnostic.Note] {
        location.map { [Diagnostic.Note("\(parent) in the new schema no longer has it", at: $0)] } ?? []
    }

    /// The note at the old version's parent that did not have a new declaration.
    static func absentFrom(_ parent: String, _ location: SourceLocation?) -> [Diagnostic.Note] {
        location.map { [Diagnostic.Note("\(parent) in the old schema does not have it", at: $0)] } ?? []
    }

    // MARK: - Values

    /// `stillRequire`: the apps are old ones that still require what is missing.
    private static func rejected(by apps: String, _ flow: Flow, stillRequire: Bool = false) -> String {
        let which = stillRequire ? ", which still require it" : ""
        if flow.contains(.params) { return "get invalidParams (-3) from apps built from the \(apps) one\(which)" }
        if flow.contains(.sendParams) {
            return "have their sends dropped by apps built from the \(apps) one\(which) (invalidParams, never reported to the page)"
        }
        return "fail the page calls of apps built from the \(apps) one\(which) (the answer does not decode)"
    }

    /// What the app does with a to-native value it cannot read, as a noun.
    private static func nativeFailure(_ flow: Flow) -> String {
        if flow.contains(.params) { return "invalidParams (-3)" }
        if flow.contains(.sendParams) { return "invalidParams; a send is dropped unseen" }
        return "the page call fails"
    }

    /// A change of a value that travels in `directions`; nil when it breaks nobody.
    static func valueChanged(_ kind: CompatibilityKind, _ subject: CompatibilitySubject, directions: [CompatibilityDirection],
                             flow: Flow, detail: CompatibilityDetail, at location: SourceLocation?,
                             notes: [Diagnostic.Note]) -> Diagnostic? {
        let breaking = directions.filter { (kind.verdict($0) ?? nil) != nil }
        guard let cls = kind.verdict(breaking) else { return nil }
        let what = subject.text
        var change: String
        switch (kind, detail) {
        case (.requiredFieldAdded, _): change = "\(what) is new and required"
        case (.requiredFieldRemoved, _): change = "required \(what) was removed"
        case (.fieldMadeOptional, _): change = subject.isElements ? "\(what) may now be null" : "\(what) is no longer required"
        case (.fieldMadeRequired, _): change = subject.isElements ? "\(what) may no longer be null" : "\(what) is now required"
        case (.defaultChanged, .defaults(let old, let new)):
            change = "the default of \(what) changed from \(old.isEmpty ? "none" : old) to \(new.isEmpty ? "none" : new)"
        case (.typeChanged, .types(let old, let new)), (.typeWidened, .types(let old, let new)),
             (.typeNarrowed, .types(let old, let new)):
            change = "\(what) changed type from \(old) to \(new)"
        case (.enumCaseAdded, _): change = "\(what) is new"
        case (.enumCaseRemoved, _): change = "\(what) was removed"
        case (.enumValueChanged, .wireValues(let old, let new, _)), (.unionVariantValueChanged, .wireValues(let old, let new, _)):
            change = "\(what) changed its wire value from '\(old)' to '\(new)'"
        case (.unionVariantRemoved, _): change = "\(what) was removed"
        case (.unionTagChanged, .tags(let old, let new)): change = "\(what) changed its tag key from '\(old)' to '\(new)'"
        case (.resultAdded, .types(_, let new)): change = "\(what) is now \(new) instead of nothing"
        case (.resultRemoved, .types(let old, _)): change = "\(what) is now nothing instead of \(old)"
        default: change = "\(what) changed"
        }
        var consequences: [String] = []
        var fixes: [String] = []
        for direction in breaking {
            let (consequence, fix) = subject.isElements ? elementConsequence(kind, direction, flow)
                                                        : valueConsequence(kind, direction, flow, detail)
            consequences.append(consequence)
            if let fix, !fixes.contains(fix) { fixes.append(fix) }
        }
        if breaking.count == 2, !subject.isElements, let fix = bothWaysFix(kind) { fixes = [fix] }
        change += ": " + consequences.joined(separator: "; and ")
        if !fixes.isEmpty { change += "; " + fixes.joined(separator: "; ") }
        return compatibility(kind, cls, change, at: location, notes: notes)
    }

    /// `T?` appearing or going inside a list or map: `null` elements, not absent keys.
    private static func elementConsequence(_ kind: CompatibilityKind, _ direction: CompatibilityDirection,
                                           _ flow: Flow) -> (String, String?) {
        let (sender, receiver) = kind == .fieldMadeOptional ? ("new", "old") : ("old", "new")
        let fix = kind == .fieldMadeOptional ? "keep them non-optional" : "keep them optional"
        return direction == .toNative
            ? ("pages built from the \(sender) schema may send null and " + rejected(by: receiver, flow), fix)
            : ("apps built from the \(sender) schema may send null, which pages built from the \(receiver) one do not expect", fix)
    }

    /// The one fix for a value that travels both ways, where the two directions' fixes differ.
    private static func bothWaysFix(_ kind: CompatibilityKind) -> String? {
        switch kind {
        // A default does not help the page: the app's encoder decides what is sent.
        case .requiredFieldAdded: return "add it as optional"
        case .fieldMadeRequired: return "keep it optional"
        case .fieldMadeOptional: return "keep it required"
        case .requiredFieldRemoved: return "deprecate it and keep it until no supported app or page needs it"
        case .typeWidened: return "keep it int, or add a new field"
        case .typeNarrowed: return "keep it double"
        case .enumCaseAdded:
            return "neither side may send it to the other's old versions (pages: check the app's capabilities or version); pages must handle unknown values"
        case .enumCaseRemoved: return "deprecate the case and keep it until no supported app or page sends it"
        case .unionVariantRemoved: return "deprecate the variant and keep it until no supported app or page sends it"
        default: return nil
        }
    }

    private static func valueConsequence(_ kind: CompatibilityKind, _ direction: CompatibilityDirection, _ flow: Flow,
                                         _ detail: CompatibilityDetail) -> (String, String?) {
        let native = direction == .toNative
        switch kind {
        case .requiredFieldAdded, .requiredFieldRemoved, .fieldMadeOptional, .fieldMadeRequired:
            return fieldConsequence(kind, native: native, flow)
        case .defaultChanged:
            var old = "", new = ""
            if case .defaults(let o, let n) = detail { old = o.isEmpty ? "no value" : o; new = n.isEmpty ? "no value" : n }
            return ("the app applies the default when a page leaves the key out, so pages built from the old schema get \(new) "
                    + "from apps built from the new one, and pages built from the new schema get \(old) from apps built from the old one",
                    "pages must send the value explicitly, or add a new field with the new default")
        case .typeChanged:
            return native
                ? ("apps built from either schema reject what pages built from the other send ("
                   + nativeFailure(flow) + ")",
                   "add a new field or method with the new type and deprecate the old one")
                : ("pages built from either schema misread what apps built from the other send",
                   "add a new field or method with the new type and deprecate the old one")
        case .typeWidened:
            return native
                ? ("pages built from the new schema may send a fractional number and " + rejected(by: "old", flow),
                   "pages built from the new schema must send whole numbers to old apps")
                : ("apps built from the new schema may send a fractional number to pages built from the old one, which expect an integer",
                   "keep it int, or add a new field")
        case .typeNarrowed:
            return native
                ? ("pages built from the old schema may send a fractional number and " + rejected(by: "new", flow),
                   "keep it double")
                : ("apps built from the old schema may send a fractional number to pages built from the new one, which expect an integer",
                   "keep it double")
        case .enumCaseAdded:
            return native
                ? ("pages built from the new schema may send it and " + rejected(by: "old", flow),
                   "pages must not send it to old apps (check the app's capabilities or version)")
                : ("apps built from the new schema may send it and pages built from the old one get an unknown enum value",
                   "pages must handle unknown values (a default branch), or the app must not send it to old pages")
        case .enumCaseRemoved:
            return native
                ? ("pages built from the old schema may send it and " + rejected(by: "new", flow),
                   "deprecate the case and keep it until no supported page sends it")
                : ("apps built from the old schema may send it and pages built from the new one get an unknown enum value",
                   "deprecate the case and keep it until no supported app sends it")
        case .enumValueChanged:
            var fix = "keep the old value"
            if case .wireValues(let old, let new, let pin) = detail { fix = pin.fix(old: old, new: new, valueOf: "case") }
            return native
                ? ("apps built from either schema reject the value pages built from the other send ("
                   + nativeFailure(flow) + ")", fix)
                : ("pages built from either schema get an unknown enum value from apps built from the other", fix)
        case .unionVariantRemoved, .unionVariantValueChanged, .unionTagChanged:
            return unionConsequence(kind, native: native, flow, detail)
        case .resultAdded:
            return native
                ? ("pages built from the old schema answer with nothing and apps built from the new one fail to decode it", "make it optional")
                : ("apps built from the old schema resolve with nothing, so pages built from the new one read `undefined`", "make it optional")
        case .resultRemoved:
            return native
                ? ("pages built from the new schema answer with nothing and apps built from the old one fail to decode it",
                   "keep the result until no supported app reads it")
                : ("pages built from the old schema read `undefined` from apps built from the new one",
                   "keep the result until no supported page reads it")
        default:
            return ("", nil)
        }
    }

    /// `valueConsequence` for a union's variant removed or given another wire value, or its tag key changed.
    private static func unionConsequence(_ kind: CompatibilityKind, native: Bool, _ flow: Flow,
                                         _ detail: CompatibilityDetail) -> (String, String?) {
        let (sender, reader) = native ? ("pages", "apps") : ("apps", "pages")
        switch (kind, detail) {
        case (.unionVariantRemoved, _):
            return ("\(sender) built from the old schema may send it and \(reader) built from the new one receive it as their unknown value",
                    "deprecate the variant and keep it until no supported \(sender.dropLast()) sends it")
        case (.unionVariantValueChanged, .wireValues(let old, let new, let pin)):
            return ("\(reader) built from either schema receive it as their unknown value from \(sender) built from the other",
                    pin.fix(old: old, new: new, valueOf: "variant"))
        case (.unionTagChanged, .tags(let old, let new)):
            let fix = old == UnionDeclaration.defaultTag
                ? "remove `tag: \(new)`: the old schema's key was the default '\(old)'"
                : "set `tag:` back to '\(old)'"
            return native
                ? ("apps built from either schema find no tag in what pages built from the other send (" + nativeFailure(flow) + ")", fix)
                : ("pages built from either schema find no tag in what apps built from the other send and fail to decode it", fix)
        default:
            return ("", nil)
        }
    }

    /// A variant added to a union that travels in `directions`: readers built from the old schema
    /// receive it as their unknown value, so the side that reads it must handle that value.
    static func unionVariantAdded(_ subject: CompatibilitySubject, directions: [CompatibilityDirection],
                                  at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic? {
        let readers: String
        switch (directions.contains(.toNative), directions.contains(.toPage)) {
        case (true, true):
            readers = "apps and pages built from the old schema receive it as their unknown value from the other side built "
                + "from the new one; both must handle the unknown value"
        case (true, false):
            readers = "apps built from the old schema receive it as their unknown value from pages built from the new one; "
                + "the app must handle the unknown value"
        case (false, true):
            readers = "pages built from the old schema receive it as their unknown value from apps built from the new one; "
                + "the page must handle the unknown value"
        case (false, false):
            return nil
        }
        return compatibility(.unionVariantAdded, nil, "\(subject.text) is new: nothing breaks, but " + readers,
                             at: location, notes: notes)
    }

    /// `valueConsequence` for a field that was added, removed, or changed whether it is required.
    private static func fieldConsequence(_ kind: CompatibilityKind, native: Bool, _ flow: Flow) -> (String, String?) {
        switch kind {
        case .requiredFieldAdded:
            return native
                ? ("pages built from the old schema do not send it and " + rejected(by: "new", flow),
                   "add it as optional or with a default")
                : ("apps built from the old schema do not send it, so pages built from the new one read `undefined`",
                   "add it as optional")
        case .requiredFieldRemoved:
            return native
                ? ("pages built from the new schema do not send it and " + rejected(by: "old", flow, stillRequire: true),
                   "make it optional first and remove it once no supported app requires it")
                : ("apps built from the new schema do not send it, so pages built from the old one read `undefined`",
                   "deprecate it and keep sending it until no supported page reads it")
        case .fieldMadeOptional:
            return native
                ? ("pages built from the new schema may leave it out and " + rejected(by: "old", flow, stillRequire: true),
                   "pages built from the new schema must keep sending it to old apps")
                : ("apps built from the new schema may leave it out, so pages built from the old one read `undefined`",
                   "keep it required")
        case .fieldMadeRequired:
            return native
                ? ("pages built from the old schema may leave it out and " + rejected(by: "new", flow),
                   "keep it optional or give it a default")
                : ("apps built from the old schema may leave it out, so pages built from the new one read `undefined`",
                   "keep it optional")
        default:
            return ("", nil)
        }
    }

    // MARK: - Members

    /// `supports` names the TypeScript client's check, e.g. `sample.supports('getItem')`.
    static func methodAdded(_ method: String, supports: String, at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        compatibility(.methodAdded, nil, "method '\(method)' is new: pages built from the new schema get unknownMethod (-1) "
                      + "from older apps; check `\(supports)` or handle -1", at: location, notes: notes)
    }

    static func methodRemoved(_ method: String, at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        compatibility(.methodRemoved, .oldPages, "method '\(method)' was removed: pages built from the old schema get "
                      + "unknownMethod (-1) from apps built from the new one (a send is dropped); deprecate it and keep it "
                      + "until no supported page calls it", at: location, notes: notes)
    }

    /// `hasResult`: the request resolves with a value, which the early answer replaces with null.
    static func methodKindChanged(_ method: String, from old: MethodKind, to new: MethodKind, hasResult: Bool,
                                  at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        let cls = CompatibilityKind.methodKindChangedClass(from: old, to: new)
        if old == .stream || new == .stream {
            let other = old == .stream ? new : old
            return compatibility(.methodKindChanged, cls, "method '\(method)' changed kind from \(old.rawValue) to \(new.rawValue): "
                                 + "a stream's items reach only a page that reads it as a stream (a \(other.rawValue)'s page has none "
                                 + "registered, so the app stops the stream at its first item and answers aborted, -9), and a page that "
                                 + "reads a stream from an app that answers it as a \(other.rawValue) gets no items; add a new method instead",
                                 at: location, notes: notes)
        }
        let (answering, waiting, fine) = cls == .oldApps
            ? ("old", "new", "pages built from the old schema are unaffected: the new app's answer to their send is dropped")
            : ("new", "old", "pages built from the new schema are unaffected: the old app's answer to their send is dropped")
        return compatibility(.methodKindChanged, cls, "method '\(method)' changed kind from \(old.rawValue) to \(new.rawValue): "
                             + "apps built from the \(answering) schema answer it as a send, at once with null and before the "
                             + "handler runs, so pages built from the \(waiting) schema \(hasResult ? "get null instead of its result, " : "")"
                             + "neither wait for the handler nor see its errors (\(fine)); add a new method instead",
                             at: location, notes: notes)
    }

    /// `noun` is `method`, `event` or `page method`; `pin` says which version wrote its wire name in `wire:`.
    static func wireChanged(_ noun: String, _ name: String, from old: String, to new: String, pin: WirePin,
                            at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        let kind: CompatibilityKind, effect: String
        switch noun {
        case "event":
            kind = .eventWireChanged
            effect = "listeners of pages built from either version never fire on apps built from the other"
        case "page method":
            kind = .pageMethodWireChanged
            effect = "apps built from either version call a name pages built from the other do not implement"
        default:
            kind = .methodWireChanged
            effect = "pages built from either version get unknownMethod (-1) from apps built from the other"
        }
        return compatibility(kind, .both, "\(noun) '\(name)' changed its wire name from '\(old)' to '\(new)': \(effect); "
                             + pin.fix(old: old, new: new), at: location, notes: notes)
    }

    /// A member found under its wire name in another module.
    static func moved(_ noun: String, _ wireName: String, from old: String, to new: String, at location: SourceLocation?,
                      notes: [Diagnostic.Note]) -> Diagnostic {
        let kind: CompatibilityKind, effect: String
        switch noun {
        case "event":
            kind = .eventMoved
            effect = "the event is delivered to the module's client, so listeners of pages built from either version never fire on apps built from the other"
        case "page method":
            kind = .pageMethodMoved
            effect = "apps built from either version call it on the module's client, where pages built from the other do not implement it"
        default:
            kind = .methodMoved
            effect = "with the reply transport each module has its own channel, so pages built from either version get unknownMethod (-1) from apps built from the other"
        }
        return compatibility(kind, .both, "\(noun) '\(wireName)' moved from module '\(old)' to '\(new)': \(effect); keep it in '\(old)'",
                             at: location, notes: notes)
    }

    /// `newPath` nil: the page method has no `global:` any more; equal paths: the parameter order changed.
    static func pageMethodGlobalChanged(_ page: String, oldPath: String, newPath: String?, oldOrder: [String], newOrder: [String],
                                        at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        let change: String
        switch newPath {
        case nil: change = "page method '\(page)' no longer has `global: \(oldPath)`"
        case oldPath?:
            change = "the parameters of page method '\(page)' (`global: \(oldPath)`) changed order from ("
                + oldOrder.joined(separator: ", ") + ") to (" + newOrder.joined(separator: ", ") + ")"
        case let path?: change = "page method '\(page)' changed `global:` from \(oldPath) to \(path)"
        }
        return compatibility(.pageMethodGlobalChanged, .both, change + ": apps call pages without the generated client through "
                             + "that function, with the parameters in declaration order, so apps and hand-written pages built from "
                             + "different versions miss each other or swap arguments; keep the global and the order",
                             at: location, notes: notes)
    }

    static func eventAdded(_ event: String, at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        compatibility(.eventAdded, nil, "event '\(event)' is new: apps built from the old schema never send it, so listeners "
                      + "of pages built from the new one wait in vain there", at: location, notes: notes)
    }

    static func eventRemoved(_ event: String, at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        compatibility(.eventRemoved, .oldPages, "event '\(event)' was removed: listeners of pages built from the old schema "
                      + "never fire on apps built from the new one; deprecate it and keep sending it until no supported page listens",
                      at: location, notes: notes)
    }

    static func pageMethodAdded(_ page: String, at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        compatibility(.pageMethodAdded, nil, "page method '\(page)' is new: apps built from the new schema get notImplemented (-10) "
                      + "when they call it on pages built from the old one; the app must catch it and fall back", at: location, notes: notes)
    }

    static func pageMethodRemoved(_ page: String, at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        compatibility(.pageMethodRemoved, .oldApps, "page method '\(page)' was removed: apps built from the old schema call it "
                      + "on pages built from the new one and get an error; deprecate it and keep implementing it until no "
                      + "supported app calls it", at: location, notes: notes)
    }

    static func moduleRemoved(_ module: String, at location: SourceLocation?) -> Diagnostic {
        compatibility(.moduleRemoved, .oldPages, "module '\(module)' was removed: pages built from the old schema get "
                      + "unknownMethod (-1) for each of its methods from apps built from the new one, and its events never fire; "
                      + "deprecate its members and keep the module until no supported page uses it", at: location, notes: [])
    }

    static func errorAdded(_ error: String, code: Int, at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        compatibility(.errorAdded, nil, "error '\(error)' (code \(code)) is new: pages built from the old schema get a code "
                      + "they do not know from apps built from the new one; pages must treat unknown codes as a generic failure",
                      at: location, notes: notes)
    }

    /// `swappedWith`: the error that took the old code; `reusedFrom`: the old error the new code belonged to.
    static func errorCodeChanged(_ error: String, from old: Int?, to new: Int, swappedWith: String?, reusedFrom: String?,
                                 at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        var change: String
        if let old {
            change = "error '\(error)' changed its code from \(old) to \(new)"
            if let swappedWith { change += " (swapped with '\(swappedWith)')" }
        } else {
            change = "error '\(error)' reuses code \(new)"
        }
        if let reusedFrom, swappedWith == nil { change += ", which was '\(reusedFrom)' in the old schema" }
        // A code that meant something else before is misread; a fresh one is merely unknown.
        let effect = swappedWith != nil || reusedFrom != nil
            ? "pages and apps built from different versions read the code with another meaning"
            : "pages built from either version get a code they do not know from apps built from the other"
        return compatibility(.errorCodeChanged, .both, change + ": " + effect + "; never change or reuse a code, add a new error instead",
                             at: location, notes: notes)
    }

    /// The effective `access:` (the method's, else its module's) changed to `new`.
    static func methodAccessChanged(_ method: String, to new: MethodAccess, at location: SourceLocation?,
                                    notes: [Diagnostic.Note]) -> Diagnostic {
        if new == .mainFrame {
            return compatibility(.methodAccessNarrowed, .oldPages, "method '\(method)' is now taken from the main frame only: "
                                 + "pages built from the old schema that call it from an iframe get untrustedOrigin (-4) from apps "
                                 + "built from the new one; move those calls to the main frame first", at: location, notes: notes)
        }
        return compatibility(.methodAccessWidened, nil, "method '\(method)' is no longer taken from the main frame only: "
                             + "nothing breaks, but every iframe the origin policy trusts may now call it; make sure that is "
                             + "intended", at: location, notes: notes)
    }

    /// `what`: `method 'sample.x'`, `field 'y' of 'sample.T'`, ...
    static func deprecationAdded(_ what: String, at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        compatibility(.deprecated, nil, "\(what) is now deprecated: nothing breaks; the generated code of "
                      + "every side warns where it is used", at: location, notes: notes)
    }

    // MARK: - Config

    static func transportChanged(from old: String, to new: String, at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        compatibility(.transportChanged, .both, "transport changed from \(old) to \(new): pages built from either version post "
                      + "to a handler that apps built from the other do not install; keep the transport", at: location, notes: notes)
    }

    static func callbackChannelChanged(from old: String, to new: String, at location: SourceLocation?,
                                       notes: [Diagnostic.Note]) -> Diagnostic {
        compatibility(.callbackChannelChanged, .both, "callbackChannel changed from '\(old)' to '\(new)': pages built from either "
                      + "version post to a handler that apps built from the other do not install; keep the channel",
                      at: location, notes: notes)
    }

    /// A change a target's section judged (`ConfigSection.changes`), reported as it says.
    static func configChanged(_ change: ConfigChange, at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        Diagnostic(change.kind.breaks == nil ? .warning : .error, id: change.kind.id, change.message, at: location, notes: notes)
    }

    /// `key` at the top level of OLD's config is `newKey` in NEW's: the same setting.
    static func configKeyMoved(_ key: String, to newKey: String, at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        compatibility(.configKeyMoved, nil, "'\(key)' moved to '\(newKey)': the same setting, nothing changes on the wire",
                      at: location, notes: notes)
    }

    /// `lost`: what is no longer trusted, in words (`host 'a.example'`, `scheme 'app'`, `subframes`).
    static func originNarrowed(_ lost: [String], at location: SourceLocation?, notes: [Diagnostic.Note]) -> Diagnostic {
        compatibility(.originNarrowed, .oldPages, "the trusted origins no longer include " + lost.joined(separator: ", ")
                      + ": pages built from the old schema served from there are refused by apps built from the new one; "
                      + "move those pages first", at: location, notes: notes)
    }
}
