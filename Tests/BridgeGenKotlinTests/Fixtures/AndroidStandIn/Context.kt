// Test-only stand-in for android.content.Context: only a type here.

package android.content

open class Context
