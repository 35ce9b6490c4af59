import BridgeGenCore
import BridgeGenTargets
import BridgeGenMarkdown
import BridgeGenTestSupport
import Foundation
import Testing

/// The "Page methods" section beyond what the Generated/Docs golden shows: a module with page
/// methods only, params that cannot be destructured, a `window.` global, no params at all.
@Suite struct PageMethodDocsTests {
    static let schema = """
        bridgegen: 1
        module: shop
        errors:
          busy: {code: 3, doc: "Busy.\\nSecond line."}
        pageMethods:
          refresh:
          read-value:
            params:
              class: string
              user-id: {type: int, default: 2}
            returns: list<string>
            errors: [busy]
            global: window.legacy.readValue
        """

    static func page(_ config: GeneratorConfig = GeneratorConfig()) throws -> String {
        let files = TargetRegistry.docs.files(try checkedSchema(texts: ["shop.bridge.yaml": schema], config: config), config: config)
        return try #require(files.first { $0.relativePath == "shop.md" }).contents
    }

    @Test func aModuleWithOnlyPageMethodsGetsTheImportAndTheContentsEntry() throws {
        let page = try Self.page()
        #expect(page.contains("- [Page methods](#page-methods): [`refresh`](#page-method-refresh), [`read-value`](#page-method-read-value)\n"))
        #expect(page.contains("- **Page calls (Swift):** `ShopPage`, from `ShopBridge.page(for:)` (the app calls the page)\n"))
        #expect(page.contains("- **Page calls (Kotlin):** `ShopPage`, made from the WebView's `BridgeSession` (the Android app calls the page)\n"))
        #expect(page.contains("- **Page calls (ArkTS):** `ShopPage`, from `ShopPage.of(session)` on the `BridgeSession` that `ShopBridge.install` returned (the HarmonyOS app calls the page)\n"))
        #expect(page.contains("""
            (`ShopBridge.page(for:)` also takes a SwiftUI `WebPage`).
            The Kotlin examples run in a coroutine (a `suspend` function), with `session` the `BridgeSession`
            that `BridgeAndroid.install` returned (also `BridgeAndroid.session(webView)`).
            The ArkTS examples run in an `async` function on the UI thread, with `session` the `BridgeSession`
            that `ShopBridge.install` returned.
            The TypeScript examples import the generated client (here generated into `./bridge/`);
            `off()` removes the implementation again:

            ```ts
            import { shop, Shop, BridgeError } from './bridge/index.js';
            ```
            """))
        #expect(!page.contains("## <a id=\"methods\"></a>"))
    }

    @Test func examplesOfAMethodWithoutParamsAndOfOneWithAwkwardParamNames() throws {
        let page = try Self.page()
        #expect(page.contains("""
            ```swift
            try await ShopBridge.page(for: webView).refresh()
            ```

            App (Kotlin):

            ```kotlin
            ShopPage(session).refresh()
            ```

            App (ArkTS):

            ```arkts
            await ShopPage.of(session).refresh();
            ```

            Page (TypeScript):

            ```ts
            const off = shop.implement({
                async refresh() {
                    // Act on the call; the app's await resolves when this returns.
                },
            });
            // Later: off();
            ```
            """))
        // `class` is a reserved word and `user-id` no identifier: no shorthand destructuring.
        #expect(page.contains("""
            ```swift
            do {
                let result = try await ShopBridge.page(for: webView).readValue(class: "class", userId: 2)
                print(result)
            } catch ShopError.busy {
                // busy (3): Busy.
            }
            ```

            App (Kotlin):

            ```kotlin
            try {
                val result = ShopPage(session).readValue(`class` = "class", userId = 2L)
                println(result)
            } catch (error: ShopError.Busy) {
                // busy (3): Busy.
                println(error.message)
            }
            ```

            App (ArkTS):

            ```arkts
            try {
              const result: string[] = await ShopPage.of(session).readValue('class', 2);
            } catch (error) {
              if (error instanceof BusyError) {
                // busy (3): Busy.
                console.info(`${error.message}`);
              } else {
                throw error as Error;
              }
            }
            ```

            Page (TypeScript):

            ```ts
            const off = shop.implement({
                async readValue(params) {
                    // throw Shop.busyError('why') rejects with busy (3)
                    return ['value'];
                },
            });
            // Later: off();
            ```
            """))
    }

    @Test func aGlobalIsShownWithWindowAndItsPositionalParameters() throws {
        let page = try Self.page()
        #expect(page.contains(" · existing pages: `window.legacy.readValue(class, userId)`\n"))
        #expect(page.contains("        Page->>Page: window.legacy.readValue(arguments in declaration order)\n"))
        // The window-less method waits for the hello; the global one does not.
        #expect(page.components(separatedBy: "Note over App: wait for the client's $hello").count == 2)
    }

    @Test func theModuleFlowShowsTheFirstPageCallInBothTransports() throws {
        for transport in GeneratorConfig.Transport.allCases {
            let page = try Self.page(GeneratorConfig(transport: transport))
            #expect(page.contains("    App->>Page: callAsyncJavaScript, page method \"refresh\", see Page methods\n"), "\(transport)")
        }
    }
}
