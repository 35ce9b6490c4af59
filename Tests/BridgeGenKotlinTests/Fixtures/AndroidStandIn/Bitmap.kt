// Test-only stand-in for android.graphics.Bitmap: only a type here (WebViewClient.onPageStarted's favicon).

package android.graphics

class Bitmap private constructor()
