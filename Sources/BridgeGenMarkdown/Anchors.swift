import BridgeGenCore

/// The explicit, stable anchors of the generated pages and the links to them.
///
/// Anchors are written as `<a id="..."></a>` inside headings and table cells rather than
/// relying on a renderer's heading slugs, so that they never change when a heading's wording
/// does and are the same on GitHub, in IDEs and in static site generators. An anchor is
/// `<kind>-<name as written in the schema>` (`page-method-` for page methods, `variant-<union>-` for
/// a union's variants): names are ASCII letters, digits, `-` and `_`, unique per kind within a
/// module (variants within their union), so anchors are unique within a page.
enum Anchor {
    static let methods = "methods"
    static let events = "events"
    static let pageMethods = "page-methods"
    static let types = "types"
    static let errors = "errors"
    static let flow = "message-flow"
    static let bridgeErrors = "bridge-errors"
    static let modules = "modules"

    static func method(_ m: Method) -> String { method(named: m.name) }
    static func event(_ e: Event) -> String { event(named: e.name) }
    static func pageMethod(_ m: PageMethod) -> String { pageMethod(named: m.name) }
    static func method(named name: String) -> String { "method-" + name }
    static func event(named name: String) -> String { "event-" + name }
    static func pageMethod(named name: String) -> String { "page-method-" + name }
    static func type(_ name: String) -> String { "type-" + name }
    static func error(_ name: String) -> String { "error-" + name }
    /// `variant-ShareItem-link`: a type name has no `-`, so the union's name ends at the first one.
    static func variant(_ union: String, _ variant: String) -> String { "variant-" + union + "-" + variant }
    static func bridgeError(_ name: String) -> String { "bridge-error-" + name }

    /// The inline HTML that defines an anchor.
    static func tag(_ id: String) -> String { "<a id=\"\(id)\"></a>" }
}

/// Output file names: one page per module and the index.
enum PageName {
    static let index = "README.md"
    static func module(_ name: String) -> String { name + ".md" }
}

/// Builds links relative to the page being written.
struct Linker {
    /// The module whose page is being written; nil on the index.
    var currentModule: String?

    /// `#anchor` on the same page, `page.md#anchor` elsewhere.
    func href(module: String?, anchor: String) -> String {
        // The same module is the same page; only other modules need their page names compared.
        if module == currentModule { return "#" + anchor }
        let page = module.map(PageName.module) ?? PageName.index
        let current = currentModule.map(PageName.module) ?? PageName.index
        return page == current ? "#" + anchor : page + "#" + anchor
    }

    func typeHref(module: String, name: String) -> String {
        href(module: module, anchor: Anchor.type(name))
    }

    /// A linked code span for a named type: `DeviceInfo` at home, `sample.DeviceInfo` elsewhere.
    func typeLink(module: String, name: String) -> String {
        link(module: module, name: name, anchor: Anchor.type(name))
    }

    func methodLink(module: String, _ method: Method) -> String {
        link(module: module, name: method.name, anchor: Anchor.method(method))
    }

    func eventLink(module: String, _ event: Event) -> String {
        link(module: module, name: event.name, anchor: Anchor.event(event))
    }

    func pageMethodLink(module: String, _ method: PageMethod) -> String {
        link(module: module, name: method.name, anchor: Anchor.pageMethod(method))
    }

    /// `[`name`](#anchor)` at home, `[`module.name`](module.md#anchor)` elsewhere.
    func link(module: String, name: String, anchor: String) -> String {
        let label = module == currentModule ? name : module + "." + name
        var text = "["
        text += MarkdownText.code(label)
        text += "]("
        text += href(module: module, anchor: anchor)
        text += ")"
        return text
    }

    /// The type in IDL spelling with every named type linked. Punctuation goes into code
    /// spans of its own, because `list<string>` outside code would read as an HTML tag.
    func type(_ ref: TypeRef) -> String {
        guard ref.mentionsNamedType else { return MarkdownText.code(spelling(ref)) }
        var text = ""
        appendPieces(ref, to: &text)
        return text
    }

    /// Appends `type(ref)` to `text` (no string of its own to copy in).
    func appendType(_ ref: TypeRef, to text: inout String) {
        guard ref.mentionsNamedType else { return text += MarkdownText.code(spelling(ref)) }
        appendPieces(ref, to: &text)
    }

    /// The IDL spelling, unqualified for types of the current module.
    func spelling(_ ref: TypeRef) -> String {
        switch ref {
        case .named(let module, let name): return module == currentModule ? name : module + "." + name
        case .list(let e): return "list<" + spelling(e) + ">"
        case .map(let v): return "map<" + spelling(v) + ">"
        case .optional(let w): return spelling(w) + "?"
        default: return ref.idlSpelling
        }
    }

    private func appendPieces(_ ref: TypeRef, to text: inout String) {
        switch ref {
        case .named(let module, let name):
            text += typeLink(module: module, name: name)
        case .list(let e):
            text += MarkdownText.code("list<")
            appendPieces(e, to: &text)
            text += MarkdownText.code(">")
        case .map(let v):
            text += MarkdownText.code("map<")
            appendPieces(v, to: &text)
            text += MarkdownText.code(">")
        case .optional(let w):
            appendPieces(w, to: &text)
            text += MarkdownText.code("?")
        default:
            text += MarkdownText.code(ref.idlSpelling)
        }
    }
}

extension TypeRef {
    /// Every `(module, name)` this type mentions, outermost first.
    var namedTypes: [(module: String, name: String)] {
        switch self {
        case .named(let module, let name): return [(module, name)]
        case .list(let inner), .map(let inner), .optional(let inner): return inner.namedTypes
        default: return []
        }
    }

    /// Whether a named type is inside (`namedTypes` is not empty), without building the list.
    var mentionsNamedType: Bool {
        switch self {
        case .named: return true
        case .list(let inner), .map(let inner), .optional(let inner): return inner.mentionsNamedType
        default: return false
        }
    }
}
