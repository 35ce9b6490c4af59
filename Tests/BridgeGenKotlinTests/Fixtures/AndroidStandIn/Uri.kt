// Test-only stand-in for android.net.Uri (AOSP's Uri.java): an origin Uri as onPostMessage
// hands it over (`port` -1 for the default, file and content frames "null"), and a page's URL
// as onPageStarted does (the authority ends at `/`, `?` or `#`; user info is not the host).

package android.net

abstract class Uri private constructor() : Comparable<Uri> {
    abstract val scheme: String?
    abstract val host: String?
    abstract val port: Int

    abstract override fun toString(): String

    override fun compareTo(other: Uri): Int = toString().compareTo(other.toString())

    private class Parsed(private val text: String) : Uri() {
        private val schemeEnd = text.indexOf(':')
        override val scheme: String? = if (schemeEnd > 0) text.substring(0, schemeEnd) else null
        private val authority: String? =
            if (schemeEnd > 0 && text.startsWith("//", schemeEnd + 1)) {
                text.substring(schemeEnd + 3).takeWhile { it !in "/?#" }.substringAfterLast('@')
            } else {
                null
            }
        override val host: String? = authority?.let { a ->
            if (a.startsWith("[")) a.substringBefore(']') + "]" else a.substringBefore(':')
        }?.takeIf { it.isNotEmpty() }
        override val port: Int = authority?.let { a ->
            val rest = if (a.startsWith("[")) a.substringAfter(']', "") else a.substringAfter(':', "").let { if (it.isEmpty()) "" else ":$it" }
            rest.removePrefix(":").toIntOrNull()
        } ?: -1

        override fun toString(): String = text
    }

    companion object {
        /** Never null; a null argument is a NullPointerException in the platform (a non-null parameter here). */
        @JvmStatic
        fun parse(uriString: String): Uri = Parsed(uriString)
    }
}
