// Test-only stand-ins (see Activity.kt).

package android.os

class Bundle
