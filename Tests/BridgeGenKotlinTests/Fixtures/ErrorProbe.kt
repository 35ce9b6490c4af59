// The typed errors generated for KotlinModelTests.errorSchema (package errors): each error's
// data encoded as a handler's throw sends it (`bridgeError()`), then read back as a page's
// rejection (the codec's `pageError`, what the page caller calls): the same value again. Then
// the data a page may send instead: null, absent, wrong, a code no page method declares.

package errors

private fun show(label: String, read: () -> Any?) {
    val text = try {
        read().toString()
    } catch (error: BridgeError) {
        "error ${error.code} ${error.message}"
    }
    println("$label: $text")
}

fun main() {
    val errors = listOf(
        ShopError.OutOfStock(`in` = "aisle 3", available = 2, items = listOf(Shop.Item("a"), Shop.Item("b", 3)),
            extra = JsonValue.Object(mapOf("k" to JsonValue.Array(listOf(JsonValue.Integer(1), JsonValue.Null)))), limits = mapOf("z" to 1.5, "a" to 0.0), path = "/a"),
        ShopError.OutOfStock(`in` = "", available = 0, kind = Shop.Kind.Small, message = "none \"left\" \$x"),
        ShopError.Gone(),
        // Unions in error data: an unknown variant passes through as it came.
        ShopError.Conflict(
            change = Shop.Change.Unknown("merged", JsonValue.Object(mapOf("type" to JsonValue.Text("merged"), "n" to JsonValue.Array(listOf(JsonValue.Integer(2), JsonValue.Null))))),
            hiding = listOf(Shop.Hiding.Int, Shop.Hiding.Deprecated(flag = true)),
            message = "conflict",
        ),
    )
    for (error in errors) {
        val envelope = error.bridgeError()
        println("${error.code} ${BridgeEnvelope.failure(envelope).jsonText}")
        // The page answers what native sent: the data goes through JSON text, as on the wire.
        val data = StrictJsonReader(Utf8.encode(envelope.data.jsonText)).readDocument() ?: JsonValue.Null
        val back = ShopCodec.pageError(BridgeError(envelope.code, envelope.message, data))
        println("  read back equal: ${back == error}, same hash: ${back.hashCode() == error.hashCode()}")
    }
    show("null data") { ShopCodec.pageError(BridgeError(1, "m", JsonValue.Null)) }
    show("no available") { ShopCodec.pageError(BridgeError(1, "m", JsonValue.Object(mapOf("in" to JsonValue.Text("x"))))) }
    show("a wrong item") {
        ShopCodec.pageError(BridgeError(1, "m", JsonValue.Object(mapOf("in" to JsonValue.Text("x"), "available" to JsonValue.Integer(1),
            "items" to JsonValue.Array(listOf(JsonValue.Object(emptyMap()))))))
        )
    }
    show("a conflict's change without its tag") {
        ShopCodec.pageError(BridgeError(5, "m", JsonValue.Object(mapOf("change" to JsonValue.Object(mapOf("n" to JsonValue.Integer(1)))))))
    }
    show("gone with data") { ShopCodec.pageError(BridgeError(2, "m", JsonValue.Array(emptyList()))) }
    show("undeclared") { ShopCodec.pageError(BridgeError(3, "m")) }
    show("unencodable") { ShopError.OutOfStock(`in` = "x", available = 1L shl 60).bridgeError() }
}
