/* The WebKitGTK harness's web process extension: which frame posted a script message.
 *
 * WebKitGTK's `script-message-received` signals carry no frame (WebKit on Apple platforms has
 * WKScriptMessage.frameInfo), so this extension, loaded into the web process by the harness
 * (webkit_harness.py, docs/E2E.md "Frames"), tells the harness from the engine's own frame
 * objects:
 *
 * - The main frame is left alone: its messages arrive on the handlers the harness registered
 *   (`sample`, `uniBridgeCall`, ...), and only the main frame can post there as long as
 *   subframes do not reach the main frame's objects (`parent.webkit...`, which on Apple platforms
 *   is attributed to the main frame too).
 * - Every other frame gets a slot, 1 to N (its own for as long as it lives; slots are handed out
 *   in turn, so more than N subframes alive at once would share one), and every global object of
 *   the frame (`window-object-cleared`, before any of its scripts run; once for the initial empty
 *   document, whose window object the first document from the same origin reuses, then for each
 *   new one) is given it: its `window.webkit.messageHandlers.<name>` is the real handler object
 *   `<name>@<slot>`, which the harness registered beside `<name>` for every name it was given,
 *   so the engine itself delivers the frame's messages on its slot's channels (the prototype's
 *   `messageHandlers` accessor, which would reach `<name>`, is deleted in that frame). The extension
 *   first tells the harness the slot's frame (`bridgegen-frame`: slot, frame id, main frame,
 *   URI), on the same connection as the frame's later messages, so the harness knows it first.
 * - `bridgegen-evaluate` (frame id, script) from the harness evaluates a script in that frame
 *   (the callback transport's answer script, which native evaluates in the sending frame) and
 *   replies `bridgegen-evaluated` (ok, the result as JSON or the exception's text).
 *
 * Initialization user data: `(asu)`, the handler names and the number of slots.
 * Build: cc -shared -fPIC -o bridgegen-frames.so frames_extension.c
 *        $(pkg-config --cflags --libs webkitgtk-web-process-extension-6.0)
 */
#include <webkit/webkit-web-process-extension.h>

static gchar **handler_names;
static guint slot_count;
static guint64 next_slot;
/* frame id -> WebKitFrame, for bridgegen-evaluate, and frame id -> slot; entries leave with their frame. */
static GHashTable *frames;
static GHashTable *slots;

/* In the frame's page world: window.webkit.messageHandlers becomes the slot's handlers, and the
 * namespace's own accessor, through which the frame could reach the main frame's channels, goes. */
static const char *const ALIAS =
    "(function (names, slot) {\n"
    "    if (!window.webkit) return false;\n"
    "    // A window object the frame's next document reuses keeps the slot's handlers it was given.\n"
    "    if (Object.getOwnPropertyDescriptor(window.webkit, 'messageHandlers')) return true;\n"
    "    var real = window.webkit.messageHandlers;\n"
    "    var handlers = {};\n"
    "    for (var i = 0; i < names.length; i++) {\n"
    "        var handler = real[names[i] + '@' + slot];\n"
    "        if (handler) handlers[names[i]] = handler;\n"
    "    }\n"
    "    Object.defineProperty(window.webkit, 'messageHandlers', {value: Object.freeze(handlers), writable: false,\n"
    "                                                             enumerable: true, configurable: false});\n"
    "    // The real handlers (the main frame's channels) are no longer reachable from this frame.\n"
    "    delete Object.getPrototypeOf(window.webkit).messageHandlers;\n"
    "    return true;\n"
    "})";

static void frame_gone(gpointer id, GObject *frame)
{
    (void)frame;
    g_hash_table_remove(frames, id);
    g_hash_table_remove(slots, id);
}

static void remember(WebKitFrame *frame)
{
    guint64 id = webkit_frame_get_id(frame);
    gpointer key = GSIZE_TO_POINTER((gsize)id);
    if (g_hash_table_lookup(frames, key) == frame)
        return;
    g_hash_table_insert(frames, key, frame);
    g_object_weak_ref(G_OBJECT(frame), frame_gone, key);
}

static void window_object_cleared(WebKitScriptWorld *world, WebKitWebPage *page, WebKitFrame *frame, gpointer data)
{
    (void)data;
    remember(frame);
    if (webkit_frame_is_main_frame(frame))
        return;
    gpointer key = GSIZE_TO_POINTER((gsize)webkit_frame_get_id(frame));
    guint slot = GPOINTER_TO_UINT(g_hash_table_lookup(slots, key));
    if (slot == 0) {
        slot = (guint)(next_slot++ % slot_count) + 1;
        g_hash_table_insert(slots, key, GUINT_TO_POINTER(slot));
    }
    /* Announced for every global object: the harness takes the slot's origin from the latest. */
    const char *uri = webkit_frame_get_uri(frame);
    WebKitUserMessage *message = webkit_user_message_new("bridgegen-frame",
        g_variant_new("(utbs)", slot, webkit_frame_get_id(frame), FALSE, uri ? uri : ""));
    webkit_web_page_send_message_to_view(page, message, NULL, NULL, NULL);

    JSCContext *context = webkit_frame_get_js_context_for_script_world(frame, world);
    JSCValue *alias = jsc_context_evaluate(context, ALIAS, -1);
    JSCValue *arguments[2] = {
        jsc_value_new_array_from_strv(context, (const char *const *)handler_names),
        jsc_value_new_number(context, slot),
    };
    JSCValue *done = jsc_value_function_callv(alias, 2, arguments);
    JSCException *exception = jsc_context_get_exception(context);
    if (exception) {
        g_printerr("bridgegen-frames: could not give frame %" G_GUINT64_FORMAT " its slot: %s\n",
                   webkit_frame_get_id(frame), jsc_exception_get_message(exception));
        jsc_context_clear_exception(context);
    } else if (!jsc_value_to_boolean(done)) {
        g_printerr("bridgegen-frames: frame %" G_GUINT64_FORMAT " (%s) has no window.webkit\n",
                   webkit_frame_get_id(frame), uri ? uri : "");
    }
    g_object_unref(done);
    g_object_unref(arguments[0]);
    g_object_unref(arguments[1]);
    g_object_unref(alias);
    g_object_unref(context);
}

static gboolean user_message_received(WebKitWebPage *page, WebKitUserMessage *message, gpointer data)
{
    (void)page;
    (void)data;
    if (g_strcmp0(webkit_user_message_get_name(message), "bridgegen-evaluate") != 0)
        return FALSE;
    guint64 id = 0;
    const char *script = NULL;
    g_variant_get(webkit_user_message_get_parameters(message), "(t&s)", &id, &script);
    WebKitFrame *frame = g_hash_table_lookup(frames, GSIZE_TO_POINTER((gsize)id));
    gboolean ok = FALSE;
    gchar *text = NULL;
    if (!frame) {
        text = g_strdup_printf("the frame %" G_GUINT64_FORMAT " is gone", id);
    } else {
        JSCContext *context = webkit_frame_get_js_context(frame);
        JSCValue *result = jsc_context_evaluate(context, script, -1);
        JSCException *exception = jsc_context_get_exception(context);
        if (exception) {
            text = g_strdup(jsc_exception_get_message(exception));
            jsc_context_clear_exception(context);
        } else {
            ok = TRUE;
            text = jsc_value_is_undefined(result) ? g_strdup("null") : jsc_value_to_json(result, 0);
        }
        g_object_unref(result);
        g_object_unref(context);
    }
    webkit_user_message_send_reply(message, webkit_user_message_new("bridgegen-evaluated",
        g_variant_new("(bs)", ok, text ? text : "null")));
    g_free(text);
    return TRUE;
}

static void page_created(WebKitWebProcessExtension *extension, WebKitWebPage *page, gpointer data)
{
    (void)extension;
    (void)data;
    g_signal_connect(page, "user-message-received", G_CALLBACK(user_message_received), NULL);
}

G_MODULE_EXPORT void webkit_web_process_extension_initialize_with_user_data(WebKitWebProcessExtension *extension,
                                                                             const GVariant *user_data)
{
    g_variant_get((GVariant *)user_data, "(^asu)", &handler_names, &slot_count);
    if (slot_count == 0)
        slot_count = 1;
    frames = g_hash_table_new(g_direct_hash, g_direct_equal);
    slots = g_hash_table_new(g_direct_hash, g_direct_equal);
    g_signal_connect(webkit_script_world_get_default(), "window-object-cleared", G_CALLBACK(window_object_cleared), NULL);
    g_signal_connect(extension, "page-created", G_CALLBACK(page_created), NULL);
}
