/// The keys each kind of schema entry accepts, in the order the docs list them: what the
/// parser validates against and what an editor offers at a key position.
public enum SchemaKeys {
    public static let module = ["bridgegen", "module", "doc", "imports", "types", "errors", "methods", "events", "pageMethods", "access"]
    public static let type = ["doc", "deprecated", "fields", "cases", "tag", "variants"]
    /// A struct field, a parameter or a payload field.
    public static let field = ["type", "doc", "default", "deprecated"]
    public static let enumCase = ["doc", "wire", "deprecated"]
    public static let unionVariant = ["doc", "wire", "deprecated", "fields"]
    public static let error = ["code", "doc", "data"]
    public static let method = ["kind", "wire", "doc", "params", "yields", "returns", "errors", "deprecated", "access"]
    public static let returns = ["type", "doc"]
    public static let pageMethod = ["wire", "doc", "params", "returns", "errors", "global", "deprecated"]
    public static let event = ["wire", "doc", "payload", "deprecated"]

    /// The keys valid in the mapping at `path`, the keys of the block and flow mappings that
    /// enclose it from the top (`["types", "Item", "fields", "price"]`); nil where the mapping's
    /// keys are names the user chooses (`types:`) or no mapping belongs.
    public static func keys(at path: [String]) -> [String]? {
        switch path.count {
        case 0: return module
        case 2:
            switch path[0] {
            case "types": return type
            case "errors": return error
            case "methods": return method
            case "events": return event
            case "pageMethods": return pageMethod
            default: return nil
            }
        case 3 where (path[2] == "returns" && (path[0] == "methods" || path[0] == "pageMethods"))
            || (path[2] == "yields" && path[0] == "methods"): return returns
        case 4:
            switch (path[0], path[2]) {
            case ("types", "fields"), ("methods", "params"), ("pageMethods", "params"), ("events", "payload"), ("errors", "data"): return field
            case ("types", "cases"): return enumCase
            case ("types", "variants"): return unionVariant
            default: return nil
            }
        case 6 where path[0] == "types" && path[2] == "variants" && path[4] == "fields": return field
        default: return nil
        }
    }
}
