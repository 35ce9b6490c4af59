#!/usr/bin/python3
"""The WebKitGTK harness on the Android side: the generated TypeScript client in a real WebKit
page whose Android WebView is emulated, answered by the generated Kotlin on a JVM
(Tests/BridgeGenKotlinTests/Fixtures/AndroidHost.kt: BridgeAndroid on the SDK stand-in).

    xvfb-run -a /usr/bin/python3 webkit_android.py --transport reply|callback --web DIR
            --kotlin KOTLIN_PY --classes CLASSES

- The page (DIR/page.html?platform=android, the compiled client, conformance.js) is served over
  the custom URI scheme `app:`, which the generated origin rules admit (`app://`).
- What androidx.webkit injects is emulated by document-start user scripts in the main frame, as
  Android adds them: android.js defines `window.__bridgegen_<channel>` (postMessage takes a
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
import subprocess
import sys
import time

import gi

gi.require_version('Gtk', '4.0')
gi.require_version('WebKit', '6.0')
gi.require_version('JavaScriptCore', '6.0')
from gi.repository import GLib, Gtk, JavaScriptCore, WebKit  # noqa: E402

from webkit_harness import TRUSTED_SCHEME, serve_file  # noqa: E402

ORIGIN = f'{TRUSTED_SCHEME}://e2e'
HERE = os.path.dirname(os.path.abspath(__file__))
# The emulated objects: android.js, then the page's handle on it, linked to this harness.
LINK = """
Object.defineProperty(window, '__bgAndroid', { value: __bgInstallAndroid({
    global: window,
    objects: %s,
    link: {
        post(object, text) { window.webkit.messageHandlers.e2eAndroidPost.postMessage([object, text]); },
        command(fields) { return window.webkit.messageHandlers.e2eControl.postMessage({ cmd: 'android', line: fields }); },
    },
}) });
"""


class JVMHost:
    """AndroidHost.kt: JSON lines in; out, the frames and scripts for the page (in order) and each
    command's output line, matched by id. Read with a GLib IO watch: WebKit runs meanwhile."""

    def __init__(self, kotlin, classes, on_page, on_exit):
        self.process = subprocess.Popen(['python3', kotlin, 'run', '--cp', classes, 'schemas.AndroidHostKt'],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self.next_id = 0
        self.pending = {}
        self.posts = set()
        self.buffer = bytearray()
        self.on_page = on_page
        self.on_exit = on_exit
        self.closing = False
        fd = self.process.stdout.fileno()
        os.set_blocking(fd, False)
        GLib.io_add_watch(GLib.IOChannel.unix_new(fd), GLib.PRIORITY_DEFAULT,
                          GLib.IOCondition.IN | GLib.IOCondition.HUP | GLib.IOCondition.ERR, self.readable)

    def readable(self, channel, condition):
        fd = self.process.stdout.fileno()
        while True:
            try:
                data = os.read(fd, 1 << 20)
            except BlockingIOError:
                return True
            if not data:
                if not self.closing:
                    self.on_exit(f'the JVM host exited ({self.process.poll()})')
                return False
            self.buffer += data
            end = self.buffer.find(b'\n')
            while end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[:end + 1]
                self.dispatch(json.loads(line.decode('utf-8')))
                end = self.buffer.find(b'\n')

    def dispatch(self, output):
        if 'frame' in output or 'evaluate' in output:
            self.on_page(output)
            return
        done = self.pending.pop(output.get('id'), None)
        if done is None and output.get('id') in self.posts:
            self.posts.discard(output['id'])
            return
        if done is None:
            self.on_exit(f'an output line no command waits for: {json.dumps(output)[:300]}')
            return
        done(output)

    def write(self, fields):
        self.next_id += 1
        self.process.stdin.write((json.dumps(dict(fields, id=self.next_id), ensure_ascii=True) + '\n').encode('utf-8'))
        return self.next_id

    def command(self, fields, done):
        self.pending[self.write(fields)] = done

    def post(self, name, text):
        """What the page posted on an object: answered by the JVM like a command, not waited for."""
        self.posts.add(self.write({'post': {'object': name, 'text': text}}))

    def commands(self, fields, done):
        """Commands one after the other; done(outputs)."""
        outputs = []

        def step(output=None):
            if output is not None:
                outputs.append(output)
            if len(outputs) == len(fields):
                done(outputs)
            else:
                self.command(fields[len(outputs)], step)

        step()

    def close(self):
        self.closing = True
        self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Harness:
    def __init__(self, options):
        self.transport = options.transport
        self.web = os.path.abspath(options.web)
        self.host = JVMHost(options.kotlin, options.classes, self.to_page, self.fail)
        with open(os.path.join(self.web, 'android.js'), encoding='utf-8') as f:
            self.android_js = f.read()
        self.view = None
        self.results = []
        self.error = None
        self.windows = []
        self.loop = GLib.MainLoop()
        context = WebKit.WebContext.get_default()
        context.register_uri_scheme(TRUSTED_SCHEME, lambda request: serve_file(self.web, request))
        security = context.get_security_manager()
        security.register_uri_scheme_as_cors_enabled(TRUSTED_SCHEME)
        security.register_uri_scheme_as_secure(TRUSTED_SCHEME)

    # -- the page ---------------------------------------------------------------------------

    def open_view(self, installed, query, page='page.html'):
        """A web view whose main frame gets the installed objects and document-start scripts."""
        manager = WebKit.UserContentManager()
        objects = installed['objects'] if installed else []
        scripts = [self.android_js, LINK % json.dumps(objects)] + (installed['scripts'] if installed else [])
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
            call = 'window.__bgAndroid.frame(%s, %s)' % (json.dumps(output['frame']['object']), json.dumps(output['frame']['data'], ensure_ascii=True))
        else:
            call = 'window.__bgAndroid.evaluate(%s)' % json.dumps(output['evaluate'], ensure_ascii=True)
        # A page mid-navigation may have no __bgAndroid yet: a frame or script it never sees, as on Android.
        self.view.evaluate_javascript(f'window.__bgAndroid && {call};', -1, None, None, None, None, None)

    def on_post(self, manager, value):
        name, text = json.loads(value.to_json(0))
        self.host.post(name, text)

    def on_control(self, manager, value, reply):
        context = value.get_context()
        cmd = json.loads(value.to_json(0))

        def answer(result):
            reply.return_value(JavaScriptCore.Value.new_from_json(context, json.dumps(result, ensure_ascii=True)))

        kind = cmd.get('cmd')
        if kind == 'android':
            self.host.command(cmd['line'], answer)
        elif kind == 'print':
            print(f'[webkit-android] {cmd["text"]}', flush=True)
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
        """A fresh WebView with the bridge in the JVM, its frame the page's origin."""
        self.host.command({'install': self.transport, 'origin': ORIGIN, 'mainFrame': main_frame, 'console': True}, then)

    def suite_phase(self, mode):
        query = f'platform=android&engine=webkit&mode={mode}&transport={self.transport}'
        if mode == 'bare':
            self.open_view(None, query)
        else:
            self.install(mode == 'main', lambda installed: self.open_view(installed, query))

    def queue_events(self, then):
        """The web content process 'terminated', then events sent: they wait for the next $hello."""
        fields = [{'terminate': True}]
        fields += [{'emit': {'module': 'sample', 'event': 'resume', 'payload': {'backgroundSeconds': s}}} for s in (1, 2, 3)]
        fields.append({'emit': {'module': 'user', 'event': 'loginChanged', 'payload': {'user': {'id': 1, 'name': 'Queued \u2028</script>'}}}})

        def done(outputs):
            if any(o['queued'] != {'sample': 3, 'user': 1} for o in outputs[-1:]) or any(o.get('error') for o in outputs):
                self.fail(f'events were not queued natively: {outputs}')
                return
            then()

        self.host.commands(fields, done)

    def queued_phase(self):
        """queued.html after events queued natively, then reloaded after more (queued.js reports each load)."""
        query = f'transport={self.transport}'
        loads = {'count': 0}

        def installed(output):
            self.queue_events(lambda: self.open_view(output, query, 'queued.html'))

        def reported():
            loads['count'] += 1
            if loads['count'] == 1:
                self.queue_events(self.view.reload)
                return True
            return False

        self.after_report = reported
        self.install(True, installed)

    def page_call_phase(self):
        """A call made before the page (and its client) loaded waits for its $hello; a call made
        as a reload replaced the document finds no client there (-11 from the body), waits for the
        reloaded document's $hello and is answered there."""
        result = {'passed': 0, 'failed': 0, 'lines': []}

        def record(name, ok, detail):
            result['passed' if ok else 'failed'] += 1
            line = f'ok {self.transport}/pagecalls: {name}' if ok else f'FAIL {self.transport}/pagecalls: {name}\n    {detail}'
            result['lines'].append(line)
            print(f'[webkit-android] {line}', flush=True)

        def call(form_id, done):
            self.host.command({'callPage': {'module': 'user', 'method': 'getFormState', 'params': {'formId': form_id}, 'timeoutMs': 8000}}, done)

        def expect(output, form_id, n):
            return output.get('outcome') == {'value': {'formId': form_id, 'title': f'load {n}', 'dirty': False, 'fields': []}}

        def before_load(installed):
            view = self.open_view(installed, 'delay=300', 'pagecall.html')
            started = time.time()

            def first(output):
                record('a call made before the page loaded waits for its client\'s $hello, then succeeds',
                       expect(output, 'before-load', 1) and time.time() - started >= 0.3, json.dumps(output.get('outcome')))
                across_reload(view)

            call('before-load', first)

        def across_reload(view):
            state = {'sent': False}

            def committed(webview, event):
                if event != WebKit.LoadEvent.COMMITTED or state['sent']:
                    return
                state['sent'] = True
                self.host.command({'stats': True}, lambda before: call('across', lambda output: done(before, output)))

            def done(before, output):
                view.disconnect(handler)
                self.host.command({'stats': True}, lambda after: finish(before, output, after))

            def finish(before, output, after):
                runs = after['evaluated'] - before['evaluated']
                record('a call made as the page reloads: the body finds no client (-11), the reloaded page\'s client answers it after its $hello',
                       expect(output, 'across', 2) and runs == 2, f'{json.dumps(output.get("outcome"))}, {runs} runs of the body')
                self.results.append(result)
                GLib.idle_add(self.next_phase)

            handler = view.connect('load-changed', committed)
            view.reload()

        self.install(True, lambda installed: self.host.command({'terminate': True}, lambda _: before_load(installed)))

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
        print(f'[webkit-android] FAIL {message}', flush=True)
        self.loop.quit()
        return False

    def run(self, timeout):
        self.after_report = None
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
    passed = sum(r.get('passed', 0) for r in harness.results)
    failed = sum(r.get('failed', 0) for r in harness.results)
    for r in harness.results:
        for line in r.get('lines', []):
            if line.startswith('FAIL'):
                print(f'[webkit-android] {line}', flush=True)
    # main, untrusted, bare, two loads of queued.html, the page-call phase
    if harness.error or len(harness.results) != 6:
        failed += 1
        print(f'[webkit-android] FAIL the run did not complete: {harness.error or "missing phases"}', flush=True)
    print(f'[webkit-android {options.transport}] {passed} passed, {failed} failed ({time.time() - started:.1f} s)', flush=True)
    print(f'android-webkit-{options.transport}: {passed} passed, {failed} failed', flush=True)
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == '__main__':
    sys.exit(main())
