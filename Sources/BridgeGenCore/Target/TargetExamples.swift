/// What a target shows in the Markdown reference: its side of every example, spelled by its own
/// namer so that docs and code cannot disagree. The page's side is one target (the web client);
/// the app's side is every native target, each with its own example.
public enum TargetExamples: Sendable {
    case page(@Sendable (_ schema: SchemaSet, _ module: Module, _ config: GeneratorConfig) -> any PageSideExamples)
    case app(@Sendable (_ schema: SchemaSet, _ module: Module, _ config: GeneratorConfig) -> any AppSideExamples)
}

/// The page's side of one module's examples.
public protocol PageSideExamples {
    /// The language as a heading names it (`Page (TypeScript):`) and its code fence (`ts`).
    var language: String { get }
    var fence: String { get }
    /// What the page imports, for the module facts (`sample` (the generated client, ...)).
    var moduleFact: String { get }
    /// The import every example of the page assumes.
    var importLine: String { get }
    /// How the page calls a method, for its facts line (`sample.getItem`).
    func callee(_ method: Method) -> String
    func call(_ method: Method, params: [(Field, ExampleValue)], into p: inout CodePrinter)
    func subscription(_ event: Event, into p: inout CodePrinter)
    /// How the page provides a page method, for its facts line.
    func implementer(_ method: PageMethod) -> String
    func implementation(_ method: PageMethod, result: ExampleValue?, into p: inout CodePrinter)
}

/// A native app's side of one module's examples.
public protocol AppSideExamples {
    var language: String { get }
    var fence: String { get }
    /// What the app implements, for the module facts.
    var moduleFact: String { get }
    /// The app's participant in the flow diagrams: what handles the page's messages and what
    /// calls the page's methods (`SampleHandler`, `SamplePage`).
    var handlerName: String { get }
    var pageCallerName: String { get }
    /// Where the app calls the page from, for the module facts of a module with page methods.
    var pageCallsFact: String { get }
    /// The line above every handler example.
    var handlerIntroduction: String { get }
    /// What the handler examples assume, said once per page.
    func assumptions(into p: inout CodePrinter)
    /// The requirement the app implements for a method, for its facts line.
    func requirement(_ method: Method) -> String
    func handler(_ method: Method, result: ExampleValue?, into p: inout CodePrinter)
    /// The line above every event example.
    var eventIntroduction: String { get }
    func emit(_ event: Event, payload: [(Field, ExampleValue)], into p: inout CodePrinter)
    /// How the app reaches the page's methods and how long a call waits, for the section's
    /// introduction: "through `SampleBridge.page(for:)`" and "`withTimeout(_:)`, else ...".
    var pageCallEntry: String { get }
    var pageCallTimeout: String { get }
    /// What the page-call examples assume, said once per page.
    func pageAssumptions(into p: inout CodePrinter)
    /// The function the app calls for a page method, for its facts line.
    func pageCaller(_ method: PageMethod) -> String
    func pageCall(_ method: PageMethod, params: [(Field, ExampleValue)], into p: inout CodePrinter)
}
