// The generated data classes that hold `bytes` (the stress module `blobs`: models and an error's
// data) compare and hash by content, as Swift's `Data` does: two decodings of one message are
// equal. Prints one
// `name true|false` line per check, for KotlinModelTests.

package stress

private fun photo(text: String): Blobs.Photo =
    BlobsCodec.decodePhoto(BridgeIncoming.read("{\"v\":$text}").message?.get("v"), BridgePath("params").field("v"))

fun main() {
    val text = """{"data":"AAEC","thumbnail":null,"pages":["/w==",""],"layers":{"a":"AA==","b":null},"caption":"c"}"""
    val a = photo(text)
    val b = photo(text)
    val other = photo(text.replace("/w==", "/g=="))
    val checks = linkedMapOf(
        "decodedTwiceEqual" to (a == b),
        "hashEqual" to (a.hashCode() == b.hashCode()),
        "differentPageDiffers" to (a != other),
        "copyWithOtherDataDiffers" to (a != a.copy(data = byteArrayOf(0, 1, 3))),
        "copyWithSameDataEqual" to (a == a.copy(data = byteArrayOf(0, 1, 2))),
        "nullThumbnailDiffers" to (a != a.copy(thumbnail = byteArrayOf())),
        "mapValueDiffers" to (a != a.copy(layers = mapOf("a" to byteArrayOf(1), "b" to null))),
        "nestedInAlbumEqual" to (Blobs.Album(a, listOf(b), emptyList()) == Blobs.Album(b, listOf(a), emptyList())),
        "noteEqual" to (Blobs.Note("t", byteArrayOf(5)) == Blobs.Note("t", byteArrayOf(5))),
        "notAPhoto" to !a.equals("c"),
        // An error's data holding bytes compares the same way (and its message too).
        "errorDataEqual" to (BlobsError.Corrupt(byteArrayOf(1, 2), a) == BlobsError.Corrupt(byteArrayOf(1, 2), b)),
        "errorHashEqual" to (BlobsError.Corrupt(byteArrayOf(1, 2)).hashCode() == BlobsError.Corrupt(byteArrayOf(1, 2)).hashCode()),
        "errorDataDiffers" to (BlobsError.Corrupt(byteArrayOf(1, 2)) != BlobsError.Corrupt(byteArrayOf(1, 3))),
        "errorMessageDiffers" to (BlobsError.Corrupt(byteArrayOf(1)) != BlobsError.Corrupt(byteArrayOf(1), message = "other")),
    )
    for ((name, ok) in checks) println("$name $ok")
}
