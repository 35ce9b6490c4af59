#!/usr/bin/python3
"""The WebKitGTK harness on the Android side: the generated TypeScript client in a real WebKit
page whose Android WebView is emulated, answered by the generated Kotlin on a JVM
(Tests/BridgeGenKotlinTests/Fixtures/AndroidHost.kt: BridgeAndroid on the SDK stand-in).

    xvfb-run -a /usr/bin/python3 webkit_android.py --transport reply|callback --web DIR
            --kotlin KOTLIN_PY --classes CLASSES

- The page (DIR/page.html?platform=android, the compiled client, conformance.js) is served over
  the custom URI scheme `app:`, which the generated origin rules admit (`app://`).
- What androidx.webkit injects is emulated by document-start user scripts in the main frame, as
  Android adds them: injected.js and android.js define `window.__bridgegen_<channel>` (postMessage takes a
  string) and then the frame's document-start scripts the JVM installed run (console
  forwarding; in the callback transport the legacy pages' shim), in that order.
- postMessage reaches the JVM through the test-only plain handler `e2eAndroidPost`; the JVM's
  reply-proxy frames and evaluateJavascript scripts come back through
  `WebView.evaluate_javascript`, in order, before the answer to the command they came during
  (`e2eControl`, the harness's reply handler, as in webkit_harness.py).
- Phases, each a new web view: main, untrusted (a frame the rules admit that the policy refuses
  natively: the JVM's frame is a subframe, since mainFrameOnly is set), bare (no objects),
  queued (events sent before the page loaded, then across a reload), page calls (a call made
  before the page loaded; one made as the page reloads).

Prints one line per case and `[webkit-android <transport>] N passed, M failed`, then
`android-webkit-<transport>: N passed, M failed`; exit status 0 when all passed.
"""
import argparse
import json
import os
import sys
import time

import gi

gi.require_version('Gtk', '4.0')
gi.require_version('WebKit', '6.0')
from gi.repository import GLib, Gtk, WebKit  # noqa: E402

import android_phases as phases  # noqa: E402
from webkit_harness import TRUSTED_SCHEME, Host, json_request, serve_file  # noqa: E402

ORIGIN = f'{TRUSTED_SCHEME}://e2e'
# The emulated objects: android.js, then the page's handle on it, linked to this harness.
LINK = """
Object.defineProperty(window, '__bgInjected', { value: __bgInstallAndroid({
    global: window,
    objects: %s,
    link: {
        post(object, text) { window.webkit.messageHandlers.e2eAndroidPost.postMessage([object, text]); },
        command(fields) { return window.webkit.messageHandlers.e2eControl.postMessage({ cmd: 'android', line: fields }); },
    },
}) });
"""


def fields_json(fields):
    return json.dumps(fields, ensure_ascii=True)[1:-1]


class JVMHost(Host):
    """AndroidHost.kt, read as webkit_harness.Host reads the Swift host; its other output lines
    are the frames and scripts for the page, in order."""

    def __init__(self, kotlin, classes, on_page, on_exit):
        super().__init__(phases.jvm_host_command(kotlin, classes), None, on_exit)
        self.on_page = on_page
        self.posts = set()

    def dispatch(self, output):
        if 'frame' in output or 'evaluate' in output:
            self.on_page(output)
        elif output.get('id') in self.posts:
            self.posts.discard(output['id'])
        else:
            super().dispatch(output)

    def call(self, fields, done):
        self.command(fields_json(fields), done)

    def calls(self, fields, done):
        self.commands([fields_json(f) for f in fields], done)

    def post(self, name, text):
        """What the page posted on an object: answered by the JVM like a command, not waited for."""
        self.next_id += 1
        self.posts.add(self.next_id)
        self.send('"id":%d,%s' % (self.next_id, fields_json({'post': {'object': name, 'text': text}})))


class Harness:
    def __init__(self, options):
        self.transport = options.transport
        self.web = os.path.abspath(options.web)
        self.host = JVMHost(options.kotlin, options.classes, self.to_page, self.fail)
        self.android_js = phases.android_shell(options.kotlin, options.classes).page_scripts(self.web)
        self.view = None
        self.results = []
        self.error = None
        self.windows = []
        self.after_report = None
        self.loop = GLib.MainLoop()
        context = WebKit.WebContext.get_default()
        context.register_uri_scheme(TRUSTED_SCHEME, lambda request: serve_file(self.web, request))
        security = context.get_security_manager()
        security.register_uri_scheme_as_cors_enabled(TRUSTED_SCHEME)
        security.register_uri_scheme_as_secure(TRUSTED_SCHEME)

    @staticmethod
    def log(line):
        print(f'[webkit-android] {line}', flush=True)

    # -- the page ---------------------------------------------------------------------------

    def open_view(self, installed, query, page='page.html'):
        """A web view whose main frame gets the installed objects and document-start scripts."""
        manager = WebKit.UserContentManager()
        objects = installed['objects'] if installed else []
        scripts = self.android_js + [LINK % json.dumps(objects)] + (installed['scripts'] if installed else [])
        for script in scripts:
            manager.add_script(WebKit.UserScript.new(script, WebKit.UserContentInjectedFrames.TOP_FRAME,
                                                     WebKit.UserScriptInjectionTime.START, None, None))
        manager.connect('script-message-received::e2eAndroidPost', self.on_post)
        assert manager.register_script_message_handler('e2eAndroidPost', None)
        manager.connect('script-message-with-reply-received::e2eControl', self.on_control)
        assert manager.register_script_message_handler_with_reply('e2eControl', None)
        view = WebKit.WebView(user_content_manager=manager)
        view.get_settings().set_enable_write_console_messages_to_stdout(True)
        window = Gtk.Window(title=f'bridgegen android e2e {query}')
        window.set_default_size(400, 300)
        window.set_child(view)
        window.present()
        self.windows.append(window)
        self.view = view
        view.load_uri(f'{ORIGIN}/{page}?{query}')
        return view

    def to_page(self, output):
        """A reply-proxy frame or an evaluateJavascript script, handed to the page's android.js."""
        if self.view is None:
            return
        if 'frame' in output:
            call = 'window.__bgInjected.frame(%s, %s)' % (json.dumps(output['frame']['object']), json.dumps(output['frame']['data'], ensure_ascii=True))
        else:
            call = 'window.__bgInjected.evaluate(%s)' % json.dumps(output['evaluate'], ensure_ascii=True)
        # A page mid-navigation may have no __bgInjected yet: a frame or script it never sees, as on Android.
        self.view.evaluate_javascript(f'window.__bgInjected && {call};', -1, None, None, None, None, None)

    def on_post(self, manager, value):
        name, text = json.loads(value.to_json(0))
        self.host.post(name, text)

    def on_control(self, manager, value, reply):
        cmd, answer = json_request(value, reply)
        kind = cmd.get('cmd')
        if kind == 'android':
            self.host.call(cmd['line'], answer)
        elif kind == 'print':
            self.log(cmd['text'])
            answer(True)
        elif kind == 'done':
            answer(True)
            self.results.append(cmd['result'])
            GLib.idle_add(self.next_phase)
        else:
            answer({'error': f'unknown control {kind}'})
        return True

    # -- phases -------------------------------------------------------------------------------

    def install(self, main_frame, then):
        self.host.call(phases.install(self.transport, ORIGIN, main_frame), then)

    def suite_phase(self, mode):
        query = phases.suite_query('webkit', mode, self.transport)
        if mode == 'bare':
            self.open_view(None, query)
        else:
            self.install(mode == 'main', lambda installed: self.open_view(installed, query))

    def queue_events(self, then):
        def done(outputs):
            problem = phases.queue_problem(outputs)
            if problem:
                self.fail(problem)
            else:
                then()

        self.host.calls(phases.QUEUE_EVENTS, done)

    def queued_phase(self):
        """queued.html after events queued natively, then reloaded after more (queued.js reports each load)."""
        loads = {'count': 0}

        def reported():
            loads['count'] += 1
            if loads['count'] == 1:
                self.queue_events(self.view.reload)
                return True
            return False

        self.after_report = reported
        self.install(True, lambda installed: self.queue_events(lambda: self.open_view(installed, f'transport={self.transport}', 'queued.html')))

    def page_call_phase(self):
        """phases.PageCallPhase, the reload started by hand and the second call made once the
        reloaded document is committed (its client implements 300 ms later)."""
        phase = phases.PageCallPhase(self.transport, self.log)

        def before_load(installed):
            view = self.open_view(installed, 'delay=300', 'pagecall.html')
            started = time.time()

            def first(output):
                phase.before_load(output, time.time() - started)
                across_reload(view)

            self.host.call(phases.page_call('before-load'), first)

        def across_reload(view):
            state = {'sent': False}

            def committed(webview, event):
                if event != WebKit.LoadEvent.COMMITTED or state['sent']:
                    return
                state['sent'] = True
                self.host.call({'stats': True}, lambda before: self.host.call(phases.page_call('across'), lambda output: done(before, output)))

            def done(before, output):
                view.disconnect(handler)
                self.host.call({'stats': True}, lambda after: finish(before, output, after))

            def finish(before, output, after):
                phase.across_reload(output, before, after)
                self.results.append(phase.result)
                GLib.idle_add(self.next_phase)

            handler = view.connect('load-changed', committed)
            view.reload()

        self.install(True, lambda installed: self.host.call({'terminate': True}, lambda _: before_load(installed)))

    def next_phase(self):
        if self.after_report and self.after_report():
            return False
        self.after_report = None
        if self.phases:
            # The last phase's view stays until the process ends: WebKitGTK crashes at exit
            # when a web view is destroyed with the main loop stopping.
            for window in self.windows:
                window.destroy()
            self.windows = []
            self.view = None
            self.phases.pop(0)()
        else:
            self.loop.quit()
        return False

    def fail(self, message):
        self.error = message
        self.log(f'FAIL {message}')
        self.loop.quit()
        return False

    def run(self, timeout):
        self.phases = [lambda: self.suite_phase('main'), lambda: self.suite_phase('untrusted'), lambda: self.suite_phase('bare'),
                       self.queued_phase, self.page_call_phase]
        GLib.timeout_add_seconds(timeout, lambda: self.fail(f'no result within {timeout} s'))
        self.next_phase()
        self.loop.run()
        self.host.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--transport', choices=['reply', 'callback'], required=True)
    parser.add_argument('--web', required=True)
    parser.add_argument('--kotlin', required=True, help='Scripts/kotlin.py')
    parser.add_argument('--classes', required=True, help='the compiled Kotlin, AndroidHost.kt included')
    parser.add_argument('--timeout', type=int, default=300)
    options = parser.parse_args()
    harness = Harness(options)
    started = time.time()
    harness.run(options.timeout)
    return phases.summarize('webkit', options.transport, harness.results, harness.error, time.time() - started, Harness.log)


if __name__ == '__main__':
    sys.exit(main())
