/// A schema whose one type nests `list<>`/`map<>` a given number of levels, used in every
/// position the generators handle (issue 15, finding 6). Used by the Swift and TypeScript tests.
public enum DeepTypeSchema {
    /// `list<map<list<...string?...>>>` with `levels` openers: every kind of level, and an optional inside.
    public static func nested(_ levels: Int) -> String {
        (0..<levels).reduce("string?") { text, level in level % 2 == 0 ? "list<\(text)>" : "map<\(text)>" }
    }

    /// The type as a struct field (plain and optional), a request's parameter and result, a
    /// send's parameter and an event's payload: six places.
    public static func schema(_ type: String) -> String {
        """
        bridgegen: 1
        module: deep
        types:
          Holder:
            fields:
              value: \(type)
              maybe: \(type)?
        methods:
          echo:
            kind: request
            params: {value: \(type), holder: Holder}
            returns: \(type)
          fire:
            kind: send
            params: {value: \(type)}
        events:
          changed:
            payload: {value: \(type)}

        """
    }

    /// The schema at `levels` nesting.
    public static func schema(levels: Int) -> String { schema(nested(levels)) }
}
