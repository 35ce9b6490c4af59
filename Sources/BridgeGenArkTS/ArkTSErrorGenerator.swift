import BridgeGenCore

/// A module's application errors: an abstract class (`SampleError`) extending the runtime's
/// `BridgeApplicationError`, and a class per error extending it (`DownloadFailedError`), its
/// data fields as readonly properties from a `<Class>Data` object and the message last,
/// defaulting to the doc's first line. Handlers throw them (`throw new InvalidKeyError()`), page
/// calls reject with them when the page rejects with one, and callers tell them apart with
/// `instanceof`. Each encodes its data for a request's failure (`encodeData`); the codec decodes
/// them (`pageError`) only in modules whose page methods declare errors, the one place they are read.
struct ArkTSErrorGenerator {
    let schema: SchemaSet
    let module: Module

    /// The module's error class: `sample` -> `SampleError`.
    static func name(_ module: String) -> String { ArkTSNamer.namespace(module) + "Error" }

    /// One error's class: `outOfStock` -> `OutOfStockError` (`networkError` -> `NetworkError`).
    static func className(_ error: ErrorCode) -> String {
        let name = IDLNames.upperFirst(error.identifier)
        return name.hasSuffix("Error") ? name : name + "Error"
    }

    /// The object an error's data comes in: `DownloadFailedErrorData`.
    static func dataName(_ error: ErrorCode) -> String { className(error) + "Data" }

    /// Whether a page method of `module` declares an error: only then is the class read from the page.
    static func decodes(_ module: Module) -> Bool { !module.pageMethodErrors.isEmpty }

    /// Every name the module's errors declare at the top level of its file.
    static func names(_ module: Module) -> [String] {
        module.errors.isEmpty ? [] : [name(module.name)] + module.errors.flatMap { $0.data.isEmpty ? [className($0)] : [className($0), dataName($0)] }
    }

    func generate(into p: inout CodePrinter) {
        var intro = "Application errors of the `\(module.name)` module: `\(ArkTSHandlerGenerator.name(module.name))` requests throw them\n"
            + "to reject, and the page receives their code, message and data intact."
        if Self.decodes(module) {
            intro += "\n`\(ArkTSPageGenerator.name(module.name))` calls reject with them when the page rejects with one."
        }
        ArkTSText.doc(intro, into: &p)
        p.line("export abstract class \(Self.name(module.name)) extends BridgeApplicationError {}")
        for error in module.errors {
            p.blankLine()
            errorClass(error, into: &p)
        }
    }

    private func errorClass(_ error: ErrorCode, into p: inout CodePrinter) {
        let className = Self.className(error)
        let message = "message: string = \(ArkTSText.stringLiteral(Self.defaultMessage(error)))"
        if !error.data.isEmpty {
            ArkTSText.doc("The data of `\(className)`.", into: &p)
            p.block("export interface \(Self.dataName(error)) {") { p in
                for field in error.data { ArkTSModelGenerator.initMember(field, schema: schema, home: module.name, into: &p) }
            }
            p.blankLine()
        }
        ArkTSText.doc(ArkTSText.docText([error.doc, "Code \(error.code)."]), into: &p)
        p.block("export class \(className) extends \(Self.name(module.name)) {") { p in
            guard !error.data.isEmpty else {
                p.block("constructor(\(message)) {") { p in p.line("super(\(error.code), message);") }
                return
            }
            for field in error.data { ArkTSModelGenerator.property(field, home: module.name, into: &p) }
            p.blankLine()
            p.block("constructor(data: \(Self.dataName(error)), \(message)) {") { p in
                p.line("super(\(error.code), message);")
                for field in error.data {
                    p.line("this.\(field.identifier) = " + ArkTSModelGenerator.initValue(field, from: "data", schema: schema, home: module.name) + ";")
                }
            }
            p.blankLine()
            p.block("protected override encodeData(path: BridgePath): JsonValue {") { p in
                p.line("return new BridgeMembers(path)")
                p.indented { p in
                    for field in error.data { p.line(ArkTSCodecGenerator.adder(field, value: "this." + field.identifier, home: module.name)) }
                    p.line(".json;")
                }
            }
        }
    }

    /// The message when the thrower gives none: the doc's first line (the Swift side's), else the name.
    static func defaultMessage(_ error: ErrorCode) -> String {
        error.doc.flatMap { UntrustedText.lines($0).first { !$0.isEmpty } } ?? error.name
    }

    /// The codec's `pageError`: a page's rejection with a declared code as the module's error,
    /// its data decoded at `data`; a code no page method declares is undefined.
    static func decoder(_ module: Module, schema: SchemaSet, into p: inout CodePrinter) {
        let declared = module.pageMethodErrors
        let name = Self.name(module.name)
        ArkTSText.doc("The page's rejection `error` as a `\(name)`: undefined when no page method declares its\n"
                      + "code; throws a `BridgeError` naming the path when its data does not decode.", into: &p)
        p.block("static pageError(error: BridgeError): \(name) | undefined {") { p in
            p.block("switch (error.code) {") { p in
                for error in module.errors where declared.contains(error.name) {
                    guard !error.data.isEmpty else {
                        p.line("case \(error.code):")
                        p.indented { p in p.line("return new \(className(error))(error.message);") }
                        continue
                    }
                    p.block("case \(error.code): {") { p in
                        p.line("const fields = BridgeFields.errorData(error.data);")
                        p.line("return new \(className(error))({")
                        p.indented { p in
                            for field in error.data {
                                p.line("\(field.identifier): " + ArkTSCodecGenerator.decode(field: field, from: "fields", schema: schema, home: module.name) + ",")
                            }
                        }
                        p.line("}, error.message);")
                    }
                }
                p.line("default:")
                p.indented { p in p.line("return undefined;") }
            }
        }
    }
}
