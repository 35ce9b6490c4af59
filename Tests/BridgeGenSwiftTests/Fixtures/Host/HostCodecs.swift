// The directions of the schemas' types that the generated codecs leave out, because nothing
// on the wire needs them (docs/SWIFT.md, "The codec"): the host decodes event payloads from the
// test's JSON, and encodes what a page call returned and what a handler received, to report them.
// Written on the runtime's helpers, as the generated codecs are.

@MainActor enum HostCodecs {
    static func decodeLoadFailure(_ value: Any?, _ path: BridgePath) throws -> Sample.LoadFailure {
        let fields = try BridgeDecode.Fields(value, path)
        return try Sample.LoadFailure(url: fields.string("url"), code: fields.int("code"), message: fields.string("message"),
                                      retryable: fields.bool("retryable", default: true))
    }

    static func decodeUserInfo(_ value: Any?, _ path: BridgePath) throws -> User.UserInfo {
        let fields = try BridgeDecode.Fields(value, path)
        return try User.UserInfo(
            id: fields.int("id"),
            name: fields.string("name"),
            avatar: fields.optional("avatar", BridgeDecode.string),
            vipLevel: fields.int("vip_level", default: 0),
            tags: fields.defaulted("tags", [], BridgeDecode.list(of: BridgeDecode.string)),
            token: fields.optional("token", BridgeDecode.string)
        )
    }

    static func encodePrepayOrder(_ value: User.PrepayOrder, _ path: BridgePath) throws -> JSONValue {
        try BridgeEncode.Members(path)
            .string("product_id", value.productId)
            .int("quantity", value.quantity)
            .field("metadata", value.metadata, BridgeEncode.map(of: BridgeEncode.json))
            .json
    }

    static func encodeFormState(_ value: User.FormState, _ path: BridgePath) throws -> JSONValue {
        try BridgeEncode.Members(path)
            .string("formId", value.formId)
            .string("title", value.title)
            .bool("dirty", value.dirty)
            .field("fields", value.fields, BridgeEncode.list(of: encodeFormField))
            .json
    }

    static func encodeFormField(_ value: User.FormField, _ path: BridgePath) throws -> JSONValue {
        try BridgeEncode.Members(path)
            .int("id", value.id)
            .string("label", value.label)
            .optional("value", value.value, BridgeEncode.string)
            .json
    }

    static func decodeNavigationAction(_ value: Any?, _ path: BridgePath) throws -> Sample.NavigationAction {
        let fields = try BridgeDecode.Fields(value, path)
        let tag = try fields.tag("action")
        switch tag {
        case "push":
            return try .push(Sample.NavigationAction.Push(path: fields.string("path"),
                                                          query: fields.optional("query", BridgeDecode.map(of: BridgeDecode.string))))
        case "open-url":
            return try .openUrl(Sample.NavigationAction.OpenUrl(url: fields.string("url")))
        case "back":
            return .back
        case "sequence":
            return try .sequence(Sample.NavigationAction.Sequence(steps: fields.field("steps", BridgeDecode.list(of: decodeNavigationAction))))
        default:
            return try .unknown(tag: tag.text, value: fields.json())
        }
    }

    static func encodeShareItem(_ value: Sample.ShareItem, _ path: BridgePath) throws -> JSONValue {
        switch value {
        case .text(let text):
            return BridgeEncode.Members(path).string("kind", "text").string("body", text.body).json
        case .link(let link):
            return try BridgeEncode.Members(path).string("kind", "link").string("url", link.url)
                .optional("title", link.title, BridgeEncode.string).json
        case .image(let image):
            return BridgeEncode.Members(path).string("kind", "image").bytes("data", image.data).string("mime", image.mime).json
        case .screenshot:
            return BridgeEncode.Members(path).string("kind", "screenshot").json
        case .unknown(let tag, let object):
            return try BridgeEncode.unknownVariant(object, key: "kind", tag: tag, path)
        }
    }
}
