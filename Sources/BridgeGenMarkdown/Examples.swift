import BridgeGenCore
import BridgeGenSwift

/// The example of each method and event, on both sides of the bridge: the page's
/// TypeScript call and the app's Swift handler (or event sender).
struct Examples {
    let schema: SchemaSet
    let module: Module
    let values: ExampleValues
    let typeScript: TypeScriptExample
    let swift: SwiftExample
    /// The line above every Swift handler example, the same on the whole page.
    let handlerIntroduction: String

    init(schema: SchemaSet, module: Module) {
        self.schema = schema
        self.module = module
        self.values = ExampleValues(schema: schema, module: module)
        self.typeScript = TypeScriptExample(module: module)
        self.swift = SwiftExample(schema: schema, module: module)
        self.handlerIntroduction = "App (Swift), in the type that implements `\(swift.handlerProtocol)`:"
    }

    /// `SampleHandler` for `sample`.
    static func handlerProtocol(_ module: Module) -> String {
        SwiftNamer.handlerProtocol(module.name)
    }

    /// `SamplePage` for `sample`.
    static func pageType(_ module: Module) -> String {
        SwiftNamer.namespace(module.name) + "Page"
    }

    /// Says once per page what the examples assume.
    func assumptions(into p: inout CodePrinter) {
        p.line("The TypeScript examples import the generated client (here generated into `./bridge/`):")
        p.line()
        p.line("```ts")
        p.line(typeScript.importLine)
        p.line("```")
        p.line()
        p.line("The Swift examples are members of the app's class that implements `\(swift.handlerProtocol)`,")
        p.line("installed with `\(swift.glue).install(_:on:)`.")
        p.line()
    }

    func method(_ method: Method, into p: inout CodePrinter) {
        guard let (params, result) = values.example(fields: method.params, result: method.returns) else {
            tooLarge(into: &p)
            return
        }
        p.line("Page (TypeScript):")
        p.line()
        p.line("```ts")
        typeScript.call(method, params: params, into: &p)
        p.line("```")
        p.line()
        p.line(handlerIntroduction)
        p.line()
        p.line("```swift")
        swift.handler(method, result: result, into: &p)
        p.line("```")
        p.line()
    }

    func event(_ event: Event, into p: inout CodePrinter) {
        guard let (payload, _) = values.example(fields: event.payload) else {
            tooLarge(into: &p)
            return
        }
        p.line("Page (TypeScript):")
        p.line()
        p.line("```ts")
        typeScript.subscription(event, into: &p)
        p.line("```")
        p.line()
        p.line("App (Swift), with `webView` the web view the bridge is installed on:")
        p.line()
        p.line("```swift")
        swift.emit(event, payload: payload, into: &p)
        p.line("```")
        p.line()
    }

    /// Says once per page what the page-method examples assume.
    func pageAssumptions(into p: inout CodePrinter) {
        p.line("The Swift examples run in an `async throws` function on the main actor, with `webView` the")
        p.line("web view the bridge is installed on (`\(swift.glue).page(for:)` also takes a SwiftUI `WebPage`).")
        if module.methods.isEmpty {
            p.line("The TypeScript examples import the generated client (here generated into `./bridge/`);")
            p.line("`off()` removes the implementation again:")
            p.line()
            p.line("```ts")
            p.line(typeScript.importLine)
            p.line("```")
        } else {
            p.line("The TypeScript examples import the generated client as the methods' examples do; `off()`")
            p.line("removes the implementation again.")
        }
        p.line()
    }

    func pageMethod(_ method: PageMethod, into p: inout CodePrinter) {
        guard let (params, result) = values.example(fields: method.params, result: method.returns) else {
            tooLarge(into: &p)
            return
        }
        p.line("App (Swift):")
        p.line()
        p.line("```swift")
        swift.pageCall(method, params: params, into: &p)
        p.line("```")
        p.line()
        p.line("Page (TypeScript):")
        p.line()
        p.line("```ts")
        typeScript.implementation(method, result: result, into: &p)
        p.line("```")
        p.line()
    }

    /// Said instead of an example whose values would fill pages (see `ExampleValues.maximumParts`).
    private func tooLarge(into p: inout CodePrinter) {
        p.line("Left out: a complete example would hold more than \(ExampleValues.maximumParts) values.")
        p.line()
    }
}

extension CodePrinter {
    /// Prints example code that may span lines (a long value breaks into one part a line).
    /// Most is one line: `line` prints it without `lines`' split into pieces.
    mutating func exampleCode(_ text: String) {
        if text.allBytes({ $0 != 0x0A }) { line(text) } else { lines(text) }
    }
}
