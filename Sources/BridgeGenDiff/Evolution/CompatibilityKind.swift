import BridgeGenCore

/// Which way a value travels: who produces it and who decodes it.
public enum CompatibilityDirection: Sendable, Hashable, CaseIterable {
    /// The page produces, the app decodes: method params, page-method results.
    case toNative
    /// The app produces, the page decodes: method results, errors, event payloads, page-method params.
    case toPage
}

/// Every kind of change `SchemaDiff` reports: the `<kind>` of `breaking.<class>.<kind>` and
/// `compatible.<kind>`. docs/DIAGNOSTICS.md, "Schema changes", lists each with its verdict per
/// direction (DiagnosticCatalogTests, in the CLI's tests, keeps the page and `emittableIDs` equal).
public enum CompatibilityKind: String, Sendable, CaseIterable {
    // MARK: Values, judged by the direction they travel
    case requiredFieldAdded = "required-field-added"
    case requiredFieldRemoved = "required-field-removed"
    case fieldMadeOptional = "field-made-optional"
    case fieldMadeRequired = "field-made-required"
    case defaultChanged = "default-changed"
    case typeChanged = "type-changed"
    case typeWidened = "type-widened"
    case typeNarrowed = "type-narrowed"
    case enumCaseAdded = "enum-case-added"
    case enumCaseRemoved = "enum-case-removed"
    case enumValueChanged = "enum-value-changed"
    /// A union gains a variant: readers built from the old schema receive it as their unknown
    /// value, which the generated code makes them handle (a note naming the side that must).
    case unionVariantAdded = "union-variant-added"
    /// A union loses a variant: readers built from the new schema receive it as unknown.
    case unionVariantRemoved = "union-variant-removed"
    /// A variant keeps its key but changes its wire value: each side reads the other's as unknown.
    case unionVariantValueChanged = "union-variant-value-changed"
    /// A union's `tag:` key changed: neither side finds the tag where the other writes it.
    case unionTagChanged = "union-tag-changed"
    /// A request or page method that resolved with nothing now resolves with a required value
    /// (not in the contract's table; judged like a required field added at that position).
    case resultAdded = "result-added"
    /// A request or page method that resolved with a required value now resolves with nothing.
    case resultRemoved = "result-removed"

    // MARK: Members
    case methodAdded = "method-added"
    case methodRemoved = "method-removed"
    case methodKindChanged = "method-kind-changed"
    case methodWireChanged = "method-wire-changed"
    case methodMoved = "method-moved"
    case eventAdded = "event-added"
    case eventRemoved = "event-removed"
    case eventWireChanged = "event-wire-changed"
    case eventMoved = "event-moved"
    case pageMethodAdded = "page-method-added"
    case pageMethodRemoved = "page-method-removed"
    case pageMethodWireChanged = "page-method-wire-changed"
    case pageMethodMoved = "page-method-moved"
    /// A page method's `global:` path changed or went, or (with a `global:`) its parameters
    /// changed order: pages without the generated client are called by that path, with the
    /// params as positional arguments (not in the contract's table).
    case pageMethodGlobalChanged = "page-method-global-changed"
    case moduleRemoved = "module-removed"
    case errorAdded = "error-added"
    case errorCodeChanged = "error-code-changed"
    case deprecated
    /// A method's effective `access:` went from `trusted` to `mainFrame`: subframes are refused.
    case methodAccessNarrowed = "method-access-narrowed"
    /// A method's effective `access:` went from `mainFrame` to `trusted`: it loosens security.
    case methodAccessWidened = "method-access-widened"

    // MARK: Config (bridgegen.yaml)
    case transportChanged = "transport-changed"
    case callbackChannelChanged = "callback-channel-changed"
    /// A key a target's section took over from the top level, moved there (a note).
    case configKeyMoved = "config-key-moved"
    case originNarrowed = "origin-narrowed"

    /// For kinds judged by direction: the class a change travelling `direction` breaks, nil
    /// when it breaks nobody that way. nil for every other kind.
    public func verdict(_ direction: CompatibilityDirection) -> CompatibilityClass?? {
        switch (self, direction) {
        case (.requiredFieldAdded, .toNative), (.fieldMadeRequired, .toNative), (.typeNarrowed, .toNative),
             (.enumCaseRemoved, .toNative), (.unionVariantRemoved, .toNative), (.resultAdded, .toNative):
            return .some(.oldPages)
        case (.requiredFieldAdded, .toPage), (.fieldMadeRequired, .toPage), (.typeNarrowed, .toPage),
             (.enumCaseRemoved, .toPage), (.unionVariantRemoved, .toPage), (.resultAdded, .toPage):
            return .some(.oldApps)
        case (.requiredFieldRemoved, .toNative), (.fieldMadeOptional, .toNative), (.typeWidened, .toNative),
             (.enumCaseAdded, .toNative), (.resultRemoved, .toNative):
            return .some(.oldApps)
        case (.requiredFieldRemoved, .toPage), (.fieldMadeOptional, .toPage), (.typeWidened, .toPage),
             (.enumCaseAdded, .toPage), (.resultRemoved, .toPage):
            return .some(.oldPages)
        case (.defaultChanged, .toNative), (.typeChanged, _), (.enumValueChanged, _), (.unionVariantValueChanged, _),
             (.unionTagChanged, _):
            return .some(.both)
        case (.defaultChanged, .toPage):
            // The generated encoder always writes the field, so the page's default never applies.
            return .some(nil)
        default:
            return nil
        }
    }

    /// Whether the verdict depends on the direction (`verdict(_:)` answers for these).
    public var isDirectional: Bool { verdict(.toNative) != nil }

    /// The class of a member or config kind; nil for `compatible.` kinds and directional ones.
    public var fixedClass: CompatibilityClass? {
        switch self {
        case .methodRemoved, .eventRemoved, .moduleRemoved, .originNarrowed, .methodAccessNarrowed: return .oldPages
        case .pageMethodRemoved: return .oldApps
        case .methodWireChanged, .methodMoved, .eventWireChanged, .eventMoved, .pageMethodWireChanged,
             .pageMethodMoved, .pageMethodGlobalChanged, .errorCodeChanged, .transportChanged, .callbackChannelChanged:
            return .both
        default: return nil
        }
    }

    /// The class of a method whose `kind:` changed from `old`. The runtimes route a message
    /// by its wire name alone and an app answers a send at once with null, before its handler
    /// runs; the answer to a send is dropped. So the side that now answers a send breaks the
    /// pages expecting a request (send -> request: old apps; request -> send: old pages). A
    /// stream's items need a page that reads a stream: any change to or from one breaks both.
    public static func methodKindChangedClass(from old: MethodKind, to new: MethodKind) -> CompatibilityClass {
        if old == .stream || new == .stream { return .both }
        return old == .send ? .oldApps : .oldPages
    }

    /// The severity of a `compatible.` kind: a warning when a population meets a failure it must
    /// handle, a note when informational.
    public var compatibleSeverity: Diagnostic.Severity? {
        switch self {
        case .methodAdded, .pageMethodAdded, .errorAdded, .methodAccessWidened: return .warning
        case .eventAdded, .deprecated, .configKeyMoved, .unionVariantAdded: return .note
        default: return nil
        }
    }

    /// The class of a change that travels in every direction of `directions`: one class when
    /// they agree, `both` when they differ; nil when it breaks nobody.
    public func verdict(_ directions: [CompatibilityDirection]) -> CompatibilityClass? {
        let classes = Set(directions.compactMap { verdict($0) ?? nil })
        if classes.count > 1 { return .both }
        return classes.first
    }

    /// The id of a diagnostic of this kind with class `cls` (nil: `compatible.<kind>`).
    public func id(_ cls: CompatibilityClass?) -> String {
        cls.map { "breaking.\($0.rawValue).\(rawValue)" } ?? "compatible.\(rawValue)"
    }

    /// Every id this kind can be reported with.
    public var emittableIDs: [String] {
        if compatibleSeverity != nil { return [id(nil)] }
        if self == .methodKindChanged {
            return [(MethodKind.send, MethodKind.request), (.request, .send), (.request, .stream)]
                .map { id(Self.methodKindChangedClass(from: $0, to: $1)) }
        }
        if let fixed = fixedClass { return [id(fixed)] }
        var classes = Set(CompatibilityDirection.allCases.compactMap { verdict($0) ?? nil })
        // Reached both ways with two different classes: one `both`. A result has one position,
        // so it never travels both ways.
        if classes.count > 1, self != .resultAdded, self != .resultRemoved { classes.insert(.both) }
        return CompatibilityClass.allCases.filter(classes.contains).map(id)
    }
}
