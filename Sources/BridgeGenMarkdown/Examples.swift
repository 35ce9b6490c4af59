import BridgeGenCore

/// The example of each method, event and page method, on every side of the bridge: the page's
/// call (the web target) and each native app's handler, event sender or page call, each spelled
/// by its target (`TargetExamples`) over the same example values.
struct Examples {
    let schema: SchemaSet
    let module: Module
    let values: ExampleValues
    let page: any PageSideExamples
    let apps: [any AppSideExamples]

    init(schema: SchemaSet, module: Module, config: GeneratorConfig, sides: ExampleSides) {
        self.schema = schema
        self.module = module
        self.values = ExampleValues(schema: schema, module: module)
        self.page = sides.page(schema, module, config)
        self.apps = sides.apps.map { $0(schema, module, config) }
    }

    /// Says once per page what the examples assume.
    func assumptions(into p: inout CodePrinter) {
        p.line("The \(page.language) examples import the generated client (here generated into `./bridge/`):")
        p.line()
        p.line("```\(page.fence)")
        p.line(page.importLine)
        p.line("```")
        p.line()
        for app in apps { app.assumptions(into: &p) }
    }

    func method(_ method: Method, into p: inout CodePrinter) {
        guard let (params, result) = values.example(fields: method.params, result: method.returns) else {
            Self.tooLarge(into: &p)
            return
        }
        block("Page (\(page.language)):", fence: page.fence, into: &p) { page.call(method, params: params, into: &$0) }
        for app in apps {
            block(app.handlerIntroduction, fence: app.fence, into: &p) { app.handler(method, result: result, into: &$0) }
        }
    }

    func event(_ event: Event, into p: inout CodePrinter) {
        guard let (payload, _) = values.example(fields: event.payload) else {
            Self.tooLarge(into: &p)
            return
        }
        block("Page (\(page.language)):", fence: page.fence, into: &p) { page.subscription(event, into: &$0) }
        for app in apps {
            block(app.eventIntroduction, fence: app.fence, into: &p) { app.emit(event, payload: payload, into: &$0) }
        }
    }

    /// Says once per page what the page-method examples assume.
    func pageAssumptions(into p: inout CodePrinter) {
        for app in apps { app.pageAssumptions(into: &p) }
        if module.methods.isEmpty {
            p.line("The \(page.language) examples import the generated client (here generated into `./bridge/`);")
            p.line("`off()` removes the implementation again:")
            p.line()
            p.line("```\(page.fence)")
            p.line(page.importLine)
            p.line("```")
        } else {
            p.line("The \(page.language) examples import the generated client as the methods' examples do; `off()`")
            p.line("removes the implementation again.")
        }
        p.line()
    }

    func pageMethod(_ method: PageMethod, into p: inout CodePrinter) {
        guard let (params, result) = values.example(fields: method.params, result: method.returns) else {
            Self.tooLarge(into: &p)
            return
        }
        for app in apps {
            block("App (\(app.language)):", fence: app.fence, into: &p) { app.pageCall(method, params: params, into: &$0) }
        }
        block("Page (\(page.language)):", fence: page.fence, into: &p) { page.implementation(method, result: result, into: &$0) }
    }

    /// A line that says whose code follows, then the code fenced.
    private func block(_ title: String, fence: String, into p: inout CodePrinter, _ code: (inout CodePrinter) -> Void) {
        p.line(title)
        p.line()
        p.line("```\(fence)")
        code(&p)
        p.line("```")
        p.line()
    }

    /// Said instead of an example whose values would fill pages (see `ExampleValues.maximumParts`).
    static func tooLarge(into p: inout CodePrinter) {
        p.line("Left out: a complete example would hold more than \(ExampleValues.maximumParts) values.")
        p.line()
    }
}

/// The sides the docs show, from the targets' `examples`: one page side and every app side.
public struct ExampleSides: Sendable {
    let page: @Sendable (SchemaSet, Module, GeneratorConfig) -> any PageSideExamples
    let apps: [@Sendable (SchemaSet, Module, GeneratorConfig) -> any AppSideExamples]
    /// The native shells the targets generate for, in their order (the page looks for them so).
    let shells: [ShellDescription]

    /// The sides of `targets`, in their order; nil unless exactly one is the page's and at
    /// least one an app's.
    public init?(_ targets: [any BridgeTarget]) {
        var pages: [@Sendable (SchemaSet, Module, GeneratorConfig) -> any PageSideExamples] = []
        var apps: [@Sendable (SchemaSet, Module, GeneratorConfig) -> any AppSideExamples] = []
        for target in targets {
            switch target.examples {
            case .page(let make)?: pages.append(make)
            case .app(let make)?: apps.append(make)
            case nil: continue
            }
        }
        guard pages.count == 1, let page = pages.first, !apps.isEmpty else { return nil }
        self.page = page
        self.apps = apps
        self.shells = targets.compactMap(\.shell)
    }

    /// The languages of the page's side and of each app's, as the first module's examples name
    /// them; nil for a schema set without modules.
    func languages(_ schema: SchemaSet, config: GeneratorConfig) -> (page: String, apps: [String])? {
        guard let module = schema.modules.first else { return nil }
        return (page(schema, module, config).language, apps.map { $0(schema, module, config).language })
    }

    /// Each shell's object for `channel`, as the docs list them: "`window.webkit.messageHandlers.sample` on iOS, ...".
    func channels(_ channel: String) -> String {
        shells.map { MarkdownText.code($0.expression(forChannel: channel)) + " on " + $0.platform }.joined(separator: ", ")
    }
}
