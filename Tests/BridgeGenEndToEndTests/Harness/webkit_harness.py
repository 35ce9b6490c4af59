#!/usr/bin/python3
"""The WebKitGTK harness: the generated TypeScript client in a real WebKit page, answered by the
generated Swift dispatcher (the Swift test host), both through the engine's own APIs.

    xvfb-run -a /usr/bin/python3 webkit_harness.py --transport reply|callback --web DIR --host PATH
            --frames-extension DIR [--mode suite|bench] [--n N]
    xvfb-run -a /usr/bin/python3 webkit_harness.py --transport reply|callback --web DIR
            --frames-extension DIR --mode evolution --phases PHASE=MODULE+MODULE=HOST,...
    xvfb-run -a /usr/bin/python3 webkit_harness.py --transport reply|callback --web DIR --host PATH
            --frames-extension DIR --mode bytes|bytes-bench [--n RUNS]

- `--mode evolution`: the capability suite (evolution.js, docs/E2E.md): DIR is the new page of
  Evolution/; each phase is a new web view loading evolution.html?phase=PHASE, answered by its
  own host (an evolution host: the old or the new app), started when the phase starts, and
  the app's modules as its reply-transport channels.

- `--mode bytes`: the bytes fast path's suite (bytes.js): each of its phases a new web view
  loading page.html?mode=bytes&phase=PHASE, which sets the host's transfer store (`transfers`)
  before its client says `$hello`; the first page names the phases. Prints
  `bytes-webkit-<transport>: N passed, M failed`.
- `--mode bytes-bench`: Benchmarks/bytes_bench.py's page (bytes-bench.js), once with the host's
  transfer store (the fast path) and once without (inline base64), each a line `BENCH {json}`;
  its `hostMemory` control resets and reads the Swift host process's peak RSS.

- The page (DIR/page.html + the compiled client in DIR/client/ + conformance.js) is served over
  the custom URI scheme `app:` (trusted by the generated origin policy: trustedSchemes), and,
  for the untrusted-origin cases, over `bgevil:` (not trusted).
- `bridgegen-bytes:`, the scheme of the bytes fast path, is served as the iOS glue's scheme
  handler serves it, through the host's store (transfer_scheme.py); the page's `tearNextUpload`
  control makes the next upload's body fail mid-way.
- Real script message handlers on each web view's UserContentManager: reply handlers
  (`register_script_message_handler_with_reply`) named after the modules (plus `legacy`, a
  channel with no module behind it) in the reply transport; one plain handler `uniBridgeCall`
  in the callback transport. Plus a test-only reply handler `e2eControl` for the page's
  control requests (conformance.js).
- The sending frame comes from the engine: WebKitGTK's message signals carry no frame, so the
  web process extension in `--frames-extension DIR` (frames_extension.c, built by e2e.py) gives
  every subframe's global object a slot k (1 to FRAME_SLOTS) whose `messageHandlers.<name>` are
  the real handlers `<name>@k` registered here beside each handler, and announces the slot's
  frame (id, URI) before the frame's scripts run. A message on `<name>` is the main frame's
  (origin: the web view's URI), one on `<name>@k` that frame's (origin: its URI, mainFrame false).
- Each message body is converted to JSON with JSC's `to_json`, handed to the host as
  `{"channel", "body", "origin"}`, and the host's answer goes back through
  `ScriptMessageReply.return_value` with a JSC value built from JSON (reply transport) and/or its
  scripts are run: answer scripts in the sending frame (`WebView.evaluate_javascript` for the main
  frame, the extension's `bridgegen-evaluate` for a subframe, as the glue's
  `evaluateJavaScript(_:in: frame)`), event scripts in the main frame.
- Like WebKit on Apple platforms, where an `NSString` with lone surrogates bridges to a Swift
  `String` with U+FFFD, lone surrogates in a body become U+FFFD before the host sees it.

Prints one line per case and the summary `N passed, N failed`; exit status 0 when all passed.
"""
import argparse
import json
import mimetypes
import os
import re
import subprocess
import sys
import time
import urllib.parse

import gi

gi.require_version('Gtk', '4.0')
gi.require_version('WebKit', '6.0')
gi.require_version('JavaScriptCore', '6.0')
from gi.repository import Gio, GLib, Gtk, JavaScriptCore, WebKit  # noqa: E402

from memory import descendants_memory, process_memory  # noqa: E402
from transfer_scheme import TransferScheme  # noqa: E402

# The callback name is a JSON-compatible string literal (only \" \\ and \uXXXX escapes).
ANSWER = re.compile(r'^\(function\(\)\{var f=window\[("(?:[^"\\]|\\.)*")\]')


def is_callback_name(name):
    """docs/WIRE.md: any string of at most 256 UTF-16 units is a callback name."""
    return isinstance(name, str) and len(name.encode('utf-16-le')) // 2 <= 256


MALFORMED_CALLBACK = re.compile(r'"callbackName"\s*:\s*"([^"]*)"')
# docs/WIRE.md: native scripts are pure printable ASCII without < > & ' (escaped as \uXXXX).
UNSAFE_SCRIPT_FREE = re.compile(r"^[\x20-\x7e]*$")
UNSAFE_CHARS = re.compile(r"[<>&']")
SURROGATE_ESCAPE = re.compile(r'\\u[dD][89abcdefABCDEF]')
TRUSTED_SCHEME = 'app'
UNTRUSTED_SCHEME = 'bgevil'
# Subframe slots of frames_extension.c: each subframe global object posts on `<name>@<slot>`.
FRAME_SLOTS = 4
CONSOLE_CHANNEL = 'bridgegenConsole'


def split_channel(name):
    """`sample@2` -> ('sample', 2), the channel and the subframe slot; `sample` -> ('sample', None)."""
    channel, _, slot = name.partition('@')
    return channel, int(slot) if slot else None


def well_formed(value):
    """NSString -> String: lone surrogates (left by json.loads) become U+FFFD."""
    if isinstance(value, str):
        return ''.join('\ufffd' if 0xD800 <= ord(c) <= 0xDFFF else c for c in value)
    if isinstance(value, list):
        return [well_formed(v) for v in value]
    if isinstance(value, dict):
        return {well_formed(k): well_formed(v) for k, v in value.items()}
    return value


def evolution_phase(text):
    """`PHASE=MODULE+MODULE=HOST` -> (PHASE, (MODULE, MODULE), HOST)."""
    phase, modules, host = text.split('=', 2)
    return phase, tuple(modules.split('+')), host


def json_request(value, reply):
    """A reply handler's message as JSON, and the function that answers it with a JSON value."""
    context = value.get_context()

    def answer(result):
        reply.return_value(JavaScriptCore.Value.new_from_json(context, json.dumps(result, ensure_ascii=True)))

    return json.loads(value.to_json(0)), answer


def serve_file(web, request):
    """Answers a custom-scheme request with the file of that path under `web` (absolute), or not found."""
    path = urllib.parse.unquote(request.get_path() or '/').lstrip('/')
    file = os.path.normpath(os.path.join(web, path))
    if not file.startswith(web + os.sep) or not os.path.isfile(file):
        request.finish_error(GLib.Error.new_literal(Gio.io_error_quark(), f'not found: {path}', Gio.IOErrorEnum.NOT_FOUND))
        return
    with open(file, 'rb') as f:
        data = f.read()
    mime = 'text/javascript' if file.endswith(('.js', '.mjs')) else (mimetypes.guess_type(file)[0] or 'application/octet-stream')
    stream = Gio.MemoryInputStream.new_from_bytes(GLib.Bytes.new(data))
    request.finish(stream, len(data), mime)


class Host:
    """The Swift test host: one JSON line per command in, its output line out, matched by id.
    Output is read with a GLib IO watch, never a blocking read: WebKit must run while the host
    works (page calls: the host's `pageCall` lines run in the page, answered with `pageAnswer`)."""

    def __init__(self, argv, on_page_call, on_exit, env=None):
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0, env=env)
        self.next_id = 0
        self.pending = {}
        self.buffer = bytearray()
        self.on_page_call = on_page_call
        self.on_exit = on_exit
        self.closing = False
        fd = self.process.stdout.fileno()
        os.set_blocking(fd, False)
        channel = GLib.IOChannel.unix_new(fd)
        GLib.io_add_watch(channel, GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP | GLib.IOCondition.ERR, self.readable)

    def readable(self, channel, condition):
        fd = self.process.stdout.fileno()
        while True:
            try:
                data = os.read(fd, 1 << 20)
            except BlockingIOError:
                break
            if not data:
                if not self.closing:
                    self.on_exit(f'the test host exited ({self.process.poll()})')
                return False
            start = len(self.buffer)
            self.buffer += data
            end = self.buffer.find(b'\n', start)
            while end >= 0:
                line = bytes(self.buffer[:end])
                del self.buffer[:end + 1]
                self.dispatch(json.loads(line.decode('utf-8')))
                end = self.buffer.find(b'\n')
        return True

    def dispatch(self, output):
        if 'pageCall' in output:
            self.on_page_call(output['pageCall'])
            return
        done = self.pending.pop(output.get('id'), None)
        if done is None:
            self.on_exit(f'an output line no command waits for: {json.dumps(output)[:300]}')
            return
        done(output)

    def send(self, fields_json):
        self.process.stdin.write(('{%s}\n' % fields_json).encode('utf-8'))

    def command(self, fields_json, done):
        """Sends a command; done(output) runs when its output line arrives."""
        self.next_id += 1
        self.pending[self.next_id] = done
        self.send('"id":%d,%s' % (self.next_id, fields_json))

    def commands(self, fields, done):
        """Sends commands one after the other; done(outputs)."""
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
            self.process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.process.kill()


class Harness:
    def __init__(self, options):
        self.options = options
        self.transport = options.transport
        self.web = os.path.abspath(options.web)
        self.evolution = options.mode == 'evolution'
        # (PHASE, the app's modules, HOST) of the evolution mode, in order.
        self.evolution_phases = [evolution_phase(p) for p in options.phases.split(',')] if self.evolution else []
        self.channels = self.evolution_phases[0][1] if self.evolution else ('sample', 'user', 'legacy')
        # bytes-bench: glibc's malloc gives back every freed block of 128 KiB or more (no dynamic
        # threshold), so the host's peak RSS growth counts a transfer's buffers, not reused ones.
        env = dict(os.environ, MALLOC_MMAP_THRESHOLD_='131072') if options.mode == 'bytes-bench' else None
        self.host = Host([self.evolution_phases[0][2] if self.evolution else options.host], self.on_page_call, self.fail, env)
        self.console_script = None
        self.call_view = None
        self.page_calls = {'calls': 0, 'answers': 0, 'errors': 0}
        self.loop = GLib.MainLoop()
        self.calls = []
        self.logs = []
        self.hold_ms = 0
        self.live_items = False
        self.stats = {'messages': 0, 'requests': 0, 'answers': 0, 'duplicates': 0, 'hellos': [], 'lastCallbackNames': [], 'unsafeScripts': []}
        self.requested = {}
        self.unanswered = []
        self.results = []
        self.bench = None
        self.error = None
        self.views = []
        self.reloaded = False
        self.expect_hellos = None
        # Per web view: subframe slot -> {'id', 'uri'} of the frame frames_extension.c announced last.
        self.subframes = {}
        context = WebKit.WebContext.get_default()
        # Every handler name any phase registers, so each gets its subframe slots.
        names = set(self.channels) | {'uniBridgeCall', CONSOLE_CHANNEL}
        names.update(m for _, modules, _ in self.evolution_phases for m in modules)
        context.set_web_process_extensions_directory(os.path.abspath(options.frames_extension))
        context.set_web_process_extensions_initialization_user_data(GLib.Variant('(asu)', (sorted(names), FRAME_SLOTS)))
        security = context.get_security_manager()
        for scheme in (TRUSTED_SCHEME, UNTRUSTED_SCHEME):
            context.register_uri_scheme(scheme, self.serve)
            security.register_uri_scheme_as_cors_enabled(scheme)
            security.register_uri_scheme_as_secure(scheme)
        self.transfers = TransferScheme(lambda fields, done: self.host.command(fields, done),
                                        lambda origin: urllib.parse.urlsplit(origin).scheme == TRUSTED_SCHEME)
        self.transfers.register(context)

    # -- the page's files -------------------------------------------------------------------

    def serve(self, request):
        serve_file(self.web, request)

    # -- web views ----------------------------------------------------------------------------

    def open_view(self, scheme, query, bridge=True, page='page.html'):
        manager = WebKit.UserContentManager()
        view = WebKit.WebView(user_content_manager=manager)
        settings = view.get_settings()
        settings.set_enable_write_console_messages_to_stdout(True)
        settings.set_enable_developer_extras(False)
        if bridge:
            # Console forwarding as the Swift glue installs it: the runtime's script at document
            # start in every frame, and the plain handler `bridgegenConsole`.
            manager.add_script(WebKit.UserScript.new(self.console_script, WebKit.UserContentInjectedFrames.ALL_FRAMES,
                                                     WebKit.UserScriptInjectionTime.START, None, None))
            # Each handler is registered once for the main frame and once per subframe slot.
            def slotted(name):
                return [name] + [f'{name}@{k}' for k in range(1, FRAME_SLOTS + 1)]
            for name in slotted(CONSOLE_CHANNEL):
                manager.connect(f'script-message-received::{name}', self.on_console_message, view, name)
                assert manager.register_script_message_handler(name, None)
            if self.transport == 'reply':
                for name in (n for channel in self.channels for n in slotted(channel)):
                    manager.connect(f'script-message-with-reply-received::{name}', self.on_reply_message, view, name)
                    assert manager.register_script_message_handler_with_reply(name, None)
            else:
                for name in slotted('uniBridgeCall'):
                    manager.connect(f'script-message-received::{name}', self.on_plain_message, view, name)
                    assert manager.register_script_message_handler(name, None)
            view.connect('user-message-received', self.on_frame_announced)
        manager.connect('script-message-with-reply-received::e2eControl', self.on_control, view)
        assert manager.register_script_message_handler_with_reply('e2eControl', None)
        window = Gtk.Window(title=f'bridgegen e2e {query}')
        window.set_default_size(400, 300)
        window.set_child(view)
        window.present()
        self.views.append((window, view, manager))
        view.load_uri(f'{scheme}://e2e/{page}?{query}')
        return view

    def on_frame_announced(self, view, message):
        """frames_extension.c: a subframe's global object got slot k (before its scripts run)."""
        if message.get_name() != 'bridgegen-frame':
            return False
        slot, frame_id, _, uri = message.get_parameters().unpack()
        self.subframes.setdefault(view, {})[slot] = {'id': frame_id, 'uri': uri}
        return True

    def sender(self, view, name):
        """(channel, frame) of a message the engine delivered on handler `name`: frame None for
        the main frame, else the subframe of that slot ({'id', 'uri'}). Fails the run when no
        frame was announced for the slot (and the message is then a subframe's of no origin)."""
        channel, slot = split_channel(name)
        if slot is None:
            return channel, None
        frame = self.subframes.get(view, {}).get(slot)
        if frame is None:
            self.fail(f'a message on {name} from a subframe slot the extension did not announce')
            return channel, {'id': 0, 'uri': ''}
        return channel, frame

    @staticmethod
    def origin(view, frame=None):
        """The sending frame's origin: the web view's URI for the main frame, the frame's own URI for a subframe."""
        uri = urllib.parse.urlsplit((frame['uri'] if frame else view.get_uri()) or '')
        return {'scheme': uri.scheme, 'host': uri.hostname or '', 'port': uri.port or 0, 'mainFrame': frame is None}

    def evaluate(self, view, scripts, done, frame=None):
        """Evaluates scripts in the page in order, then calls done(results): answer scripts in
        `frame` (a subframe: through the extension), every other script in the main frame."""
        results = []

        def step(index):
            if index == len(scripts):
                done(results)
                return

            def finished(webview, result):
                try:
                    value = webview.evaluate_javascript_finish(result)
                    results.append(value.to_boolean() if value.is_boolean() else json.loads(value.to_json(0) or 'null'))
                except GLib.Error as error:
                    results.append(f'error: {error.message}')
                step(index + 1)

            def finished_in_frame(webview, result):
                try:
                    ok, text = webview.send_message_to_page_finish(result).get_parameters().unpack()
                    results.append(json.loads(text) if ok else f'error: {text}')
                except GLib.Error as error:
                    results.append(f'error: {error.message}')
                step(index + 1)

            if frame is not None and ANSWER.match(scripts[index]):
                message = WebKit.UserMessage.new('bridgegen-evaluate', GLib.Variant('(ts)', (frame['id'], scripts[index])))
                view.send_message_to_page(message, None, finished_in_frame)
            else:
                view.evaluate_javascript(scripts[index], -1, None, None, None, finished)

        step(0)

    def host_command(self, view, fields_json, done, frame=None):
        """Runs a host command, collects calls and logs, evaluates its scripts (answers in the
        sending `frame`), then done(output)."""
        self.host.command(fields_json, lambda output: self.host_output(view, output, done, frame))

    def host_output(self, view, output, done, frame=None):
        self.calls.extend(output['calls'])
        self.logs.extend(output['logs'])
        for script in output['scripts']:
            if not UNSAFE_SCRIPT_FREE.match(script) or UNSAFE_CHARS.search(script):
                self.stats['unsafeScripts'].append(script[:200])
            match = ANSWER.match(script)
            if match:
                self.stats['answers'] += 1
                seen = self.requested.setdefault(json.loads(match.group(1)), {'asked': 0, 'answered': 0})
                seen['answered'] += 1
                if seen['answered'] > seen['asked']:
                    self.stats['duplicates'] += 1

        def evaluated(results):
            output['results'] = results
            done(output)

        self.evaluate(view, output['scripts'], evaluated, frame)

    # -- page calls -----------------------------------------------------------------------------

    def on_page_call(self, call):
        """Runs a page call of the host with WebKit's callAsyncJavaScript and answers the host.
        WebKitGTK takes only strings, numbers and a{sv} as arguments: the wire's are strings."""
        view = self.call_view
        token = call['token']
        self.page_calls['calls'] += 1

        def answer(fields):
            self.page_calls['answers'] += 1
            self.host.send('"pageAnswer":' + json.dumps(dict(fields, token=token), ensure_ascii=True))

        if view is None:
            answer({'error': 'no page'})
            return
        arguments = GLib.Variant('a{sv}', {k: GLib.Variant('s', v) for k, v in call['arguments'].items()})

        def evaluated(webview, result):
            try:
                answer({'value': json.loads(webview.evaluate_javascript_finish(result).to_json(0) or 'null')})
            except GLib.Error as error:
                self.page_calls['errors'] += 1
                answer({'error': error.message})

        def finished(webview, result):
            try:
                value = webview.call_async_javascript_function_finish(result)
                if value.is_string():
                    answer({'value': value.to_string()})
                else:
                    answer({'value': json.loads(value.to_json(0) or 'null')})
            except GLib.Error as error:
                self.page_calls['errors'] += 1
                answer({'error': error.message})

        if call.get('script'):
            # A `live` line's stream item: evaluated as the glue's evaluateJavaScript does.
            view.evaluate_javascript(call["body"], -1, None, None, None, evaluated)
            return
        # The session's world is the page world (contentWorld is not set in Schemas/).
        view.call_async_javascript_function(call['body'], -1, arguments, None, None, None, finished)

    # -- bridge messages --------------------------------------------------------------------------

    def on_reply_message(self, manager, value, reply, view, channel):
        self.receive(view, channel, value, reply)
        return True

    def on_plain_message(self, manager, value, view, channel):
        self.receive(view, channel, value, None)

    def on_console_message(self, manager, value, view, name):
        """A console message: to the host's console receiver (not counted as a bridge message)."""
        channel, frame = self.sender(view, name)
        text = value.to_json(0)
        if SURROGATE_ESCAPE.search(text):
            text = json.dumps(well_formed(json.loads(text)), ensure_ascii=True)
        fields = '"channel":%s,"origin":%s,"body":%s' % (json.dumps(channel), json.dumps(self.origin(view, frame)), text)
        self.host_command(view, fields, lambda output: None)

    def receive(self, view, name, value, reply):
        channel, frame = self.sender(view, name)
        text = value.to_json(0)
        context = value.get_context()
        self.stats['messages'] += 1
        parsed = json.loads(text)
        message = parsed
        if isinstance(parsed, str):
            try:
                message = json.loads(parsed)
            except ValueError:
                message = None
        if isinstance(message, dict) and message.get('type') == '$hello':
            self.stats['hellos'].append((message.get('data') or {}).get('module'))
        if self.transport == 'reply':
            self.stats['requests'] += 1
        else:
            # docs/WIRE.md: a request is a message with a valid callbackName, read from the JSON,
            # or from text that is not JSON when one can be read there.
            name = message.get('callbackName') if isinstance(message, dict) else None
            if message is None and isinstance(parsed, str):
                found = MALFORMED_CALLBACK.search(parsed)
                name = found.group(1) if found else None
            if is_callback_name(name):
                self.stats['requests'] += 1
                self.requested.setdefault(name, {'asked': 0, 'answered': 0})['asked'] += 1
            self.stats['lastCallbackNames'] = (self.stats['lastCallbackNames'] + [name])[-20:]
        if SURROGATE_ESCAPE.search(text):
            text = json.dumps(well_formed(parsed), ensure_ascii=True)
        fields = '"channel":%s,"origin":%s,"body":%s' % (json.dumps(channel), json.dumps(self.origin(view, frame)), text)
        # A stream with a window waits for the page's `$read`s, which come as lines of their own:
        # its items must reach the page as the host makes them (a `live` line), as roundtrip.mjs sends it.
        if self.live_items or (isinstance(message, dict) and '$window' in message):
            fields += ',"live":true'

        def process():
            def done(output):
                if reply is not None and output['reply'] is not None:
                    self.stats['answers'] += 1
                    reply.return_value(JavaScriptCore.Value.new_from_json(context, json.dumps(output['reply'], ensure_ascii=True)))
                elif reply is not None:
                    # Native did not answer (the evolution suite's hand-written native ignoring
                    # $hello): keep the reply alive, as a handler that never answers does.
                    self.unanswered.append(reply)
            self.host_command(view, fields, done, frame)
            return False

        if self.hold_ms > 0:
            GLib.timeout_add(self.hold_ms, process)
            self.hold_ms = 0
        else:
            process()

    # -- the page's control requests (conformance.js) -------------------------------------------

    def on_control(self, manager, value, reply, view):
        cmd, answer = json_request(value, reply)
        kind = cmd.get('cmd')
        if kind == 'host':
            self.call_view = view
            self.host_command(view, json.dumps(cmd['line'])[1:-1], answer)
        elif kind == 'calls':
            answer(self.calls)
            self.calls = []
        elif kind == 'logs':
            answer(self.logs)
            self.logs = []
        elif kind == 'hold':
            self.hold_ms = int(cmd['ms'])
            answer(True)
        elif kind == 'hostMemory':
            answer(self.host_memory(bool(cmd.get('reset'))))
        elif kind == 'liveItems':
            # Messages sent from now on are `live` host lines: each stream item reaches the page
            # before the host's `yield` returns (bytes-bench.js's gigabyte stream).
            self.live_items = bool(cmd.get('on'))
            answer(True)
        elif kind == 'webMemory':
            # The page's side of a transfer: this harness's web content processes.
            answer(descendants_memory(os.getpid(), lambda name, _: name.startswith('WebKitWebProces'), bool(cmd.get('reset'))))
        elif kind == 'tearNextUpload':
            self.transfers.tear_next += 1
            answer(True)
        elif kind == 'stats':
            if self.transport == 'reply':
                unanswered = self.stats['requests'] - self.stats['answers']
            else:
                unanswered = sum(max(0, s['asked'] - s['answered']) for s in self.requested.values())
            answer(dict(self.stats, unanswered=unanswered, pageCalls=dict(self.page_calls)))
        elif kind == 'print':
            print(f'[webkit] {cmd["text"]}', flush=True)
            answer(True)
        elif kind == 'done':
            answer(True)
            self.results.append(cmd['result'])
            if (view.get_uri() or '').split('?')[0].endswith('/queued.html') and not self.reloaded:
                # Reload the page: the client loads again and must say $hello again; events sent
                # meanwhile (after a web content process 'termination') reach the reloaded page.
                self.reloaded = True
                hellos = len(self.stats['hellos'])
                self.expect_hellos = hellos + 2
                self.queue_events(view.reload)
            else:
                if self.options.mode == 'bytes':
                    self.next_bytes_phase(view, cmd['result'])
                GLib.idle_add(self.next_phase)
        else:
            answer({'error': f'unknown control {kind}'})
        return True

    def host_memory(self, reset):
        """The host process's RSS and peak RSS (KiB, /proc/PID/status); `reset` first sets the peak
        to the RSS now (`5` to /proc/PID/clear_refs)."""
        return process_memory(self.host.process.pid, reset)

    # -- phases -------------------------------------------------------------------------------

    def queue_events(self, then):
        """Before the queued page loads: the web content process 'terminated', events are sent."""
        fields = ['"terminate":true']
        for seconds in (1, 2, 3):
            fields.append('"emit":%s' % json.dumps({'module': 'sample', 'event': 'resume', 'payload': {'backgroundSeconds': seconds}}))
        fields.append('"emit":%s' % json.dumps({'module': 'user', 'event': 'loginChanged', 'payload': {'user': {'id': 1, 'name': 'Queued \u2028</script>'}}}))

        def done(outputs):
            queued = outputs[-1]['queued']
            if any(o['scripts'] for o in outputs) or queued != {'sample': 3, 'user': 1}:
                self.fail(f'events were not queued natively: {outputs}')
                return
            then()

        self.host.commands(fields, done)

    def page_call_phase(self):
        """Page calls the page cannot run itself: a call made before the page (and its client)
        loaded waits for the client's $hello, then succeeds; a call made as a reload replaced the
        document finds no client there (-11 from the body), waits for the reloaded document's
        $hello and succeeds there. Reported like a page's result."""
        result = {'passed': 0, 'failed': 0, 'lines': []}

        def record(name, ok, detail):
            result['passed' if ok else 'failed'] += 1
            line = f'ok {self.transport}/pagecalls: {name}' if ok else f'FAIL {self.transport}/pagecalls: {name}\n    {detail}'
            result['lines'].append(line)
            print(f'[webkit] {line}', flush=True)

        def call(view, form_id, done):
            spec = {'module': 'user', 'method': 'getFormState', 'params': {'formId': form_id}, 'timeoutMs': 8000}
            self.host_command(view, '"callPage":' + json.dumps(spec), done)

        def expect(output, form_id, n):
            return output.get('outcome') == {'value': {'formId': form_id, 'title': f'load {n}', 'dirty': False, 'fields': []}}

        def before_load(outputs):
            # No client has said $hello since the 'termination': the call waits for it.
            view = self.open_view(TRUSTED_SCHEME, 'delay=300', True, 'pagecall.html')
            self.call_view = view
            started = time.time()

            def first(output):
                record('a call made before the page loaded waits for its client\'s $hello, then succeeds',
                       expect(output, 'before-load', 1) and time.time() - started >= 0.3, json.dumps(output.get('outcome')))
                across_reload(view)

            call(view, 'before-load', first)

        def across_reload(view):
            state = {'sent': False, 'calls': self.page_calls['calls']}

            def committed(webview, event):
                if event != WebKit.LoadEvent.COMMITTED or state['sent']:
                    return
                state['sent'] = True
                # The reloaded document exists, its client does not yet (it implements 300 ms later).
                call(view, 'across', lambda output: done(output))

            def done(output):
                view.disconnect(handler)
                # Two runs of the body: the new document had no client yet (-11), then after its $hello.
                runs = self.page_calls['calls'] - state['calls']
                record('a call made as the page reloads: the body finds no client (-11), the reloaded page\'s client answers it after its $hello',
                       expect(output, 'across', 2) and runs == 2, f'{json.dumps(output.get("outcome"))}, {runs} runs of the body')
                self.results.append(result)
                GLib.idle_add(self.next_phase)

            handler = view.connect('load-changed', committed)
            view.reload()

        self.host.commands(['"terminate":true'], before_load)

    def next_bytes_phase(self, view, result):
        """After a bytes.js phase: the first page named the phases; each next one is a new web
        view (a fresh client, which reads the capability once), the last one closed."""
        if len(self.results) == 1:
            t = self.transport
            self.phases = [(TRUSTED_SCHEME, f'mode=bytes&phase={p}&transport={t}', True, 'page.html') for p in result.get('phases', [])[1:]]
        for window, done_view, _ in self.views:
            if done_view is view:
                GLib.idle_add(window.destroy)
        self.views = [v for v in self.views if v[1] is not view]

    def next_evolution_phase(self):
        """Closes the previous phase's page and host, starts the next phase's host, opens its page."""
        phase, self.channels, host = self.evolution_phases[len(self.results)]
        if self.results:
            for window, _, _ in self.views:
                window.destroy()
            self.views = []
            self.call_view = None
            self.host.close()
            self.host = Host([host], self.on_page_call, self.fail)
            # Each phase counts its own messages and $hellos, as node's process per phase does.
            self.stats = {'messages': 0, 'requests': 0, 'answers': 0, 'duplicates': 0, 'hellos': [], 'lastCallbackNames': [], 'unsafeScripts': []}
            self.requested = {}
            self.calls = []
            self.logs = []
        self.open_view(TRUSTED_SCHEME, f'phase={phase}&transport={self.transport}', True, 'evolution.html')
        return False

    def next_phase(self):
        if self.evolution:
            if len(self.results) < len(self.evolution_phases):
                return self.next_evolution_phase()
            self.loop.quit()
            return False
        if self.phases:
            scheme, query, bridge, page = self.phases.pop(0)
            if page == 'pagecall.html':
                self.page_call_phase()
                return False
            if page == 'queued.html':
                self.queue_events(lambda: self.open_view(scheme, query, bridge, page))
            else:
                self.open_view(scheme, query, bridge, page)
        else:
            self.loop.quit()
        return False

    def fail(self, message):
        self.error = message
        print(f'[webkit] FAIL {message}', flush=True)
        self.loop.quit()
        return False

    def run(self):
        t = self.transport
        if self.evolution:
            self.phases = []
        elif self.options.mode == 'bench':
            self.phases = [(TRUSTED_SCHEME, f'mode=bench&transport={t}&n={self.options.n}', True, 'page.html')]
        elif self.options.mode == 'bytes':
            self.phases = [(TRUSTED_SCHEME, f'mode=bytes&transport={t}', True, 'page.html')]
        elif self.options.mode == 'bytes-bench':
            self.phases = [(TRUSTED_SCHEME, f'mode=bytes-bench&transfers={on}&repeat={self.options.n}&transport={t}', True, 'page.html')
                           for on in ('on', 'off')]
        else:
            self.phases = [
                (TRUSTED_SCHEME, f'mode=main&transport={t}', True, 'page.html'),
                (UNTRUSTED_SCHEME, f'mode=untrusted&transport={t}', True, 'page.html'),
                (TRUSTED_SCHEME, f'mode=bare&transport={t}', False, 'page.html'),
                (TRUSTED_SCHEME, f'mode=frames&transport={t}', True, 'page.html'),
                (TRUSTED_SCHEME, f'transport={t}', True, 'queued.html'),
                (TRUSTED_SCHEME, '', True, 'pagecall.html'),
            ]
        GLib.timeout_add_seconds(self.options.timeout, lambda: self.fail(f'no result within {self.options.timeout} s'))

        def start(output):
            self.console_script = output['consoleScript']
            self.next_phase()

        self.host.command('"consoleScript":true', start)
        self.loop.run()
        self.host.close()
        self.transfers.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--transport', choices=['reply', 'callback'], required=True)
    parser.add_argument('--web', required=True)
    parser.add_argument('--host')
    parser.add_argument('--frames-extension', required=True,
                        help='the directory of the built frames_extension.c (bridgegen-frames.so): which frame posted a message')
    parser.add_argument('--mode', choices=['suite', 'bench', 'evolution', 'bytes', 'bytes-bench'], default='suite')
    parser.add_argument('--phases', help='evolution mode: PHASE=MODULE+MODULE=HOST,... (evolution.js phases, each with its app\'s modules and host)')
    parser.add_argument('--n', type=int, help='bench: requests (default 1000); bytes-bench: runs per cell (default 3)')
    parser.add_argument('--timeout', type=int, default=200)
    options = parser.parse_args()
    if options.n is None:
        options.n = 3 if options.mode == 'bytes-bench' else 1000
    if (options.mode == 'evolution') != (options.phases is not None) or (options.mode != 'evolution' and not options.host):
        parser.error('--host is required, except with --mode evolution, which takes --phases instead')
    harness = Harness(options)
    started = time.time()
    harness.run()
    if options.mode in ('bench', 'bytes-bench'):
        if harness.error or not harness.results or any('failed' in r for r in harness.results):
            print(f'bench failed: {harness.error or harness.results}')
            return 1
        for result in harness.results:
            print('BENCH ' + json.dumps(result.get('result', result)), flush=True)
        return 0
    passed = sum(r.get('passed', 0) for r in harness.results)
    failed = sum(r.get('failed', 0) for r in harness.results)
    for r in harness.results:
        for line in r.get('lines', []):
            if line.startswith('FAIL'):
                print(f'[webkit] {line}', flush=True)
    if options.mode == 'evolution':
        if harness.error or len(harness.results) != len(harness.evolution_phases):
            failed += 1
            print(f'[webkit] FAIL the run did not complete: {harness.error or "missing phases"}', flush=True)
        print(f'[webkit-evolution {options.transport}] {passed} passed, {failed} failed ({time.time() - started:.1f} s)', flush=True)
        print(f'{passed} passed, {failed} failed', flush=True)
        return 0 if failed == 0 and passed > 0 else 1
    if options.mode == 'bytes':
        phases = len(harness.results[0].get('phases', [])) if harness.results else 0
        if harness.error or not phases or len(harness.results) != phases:
            failed += 1
            print(f'[webkit] FAIL the run did not complete: {harness.error or "missing phases"}', flush=True)
        print(f'[webkit-bytes {options.transport}] {passed} passed, {failed} failed ({time.time() - started:.1f} s)', flush=True)
        print(f'bytes-webkit-{options.transport}: {passed} passed, {failed} failed', flush=True)
        return 0 if failed == 0 and passed > 0 else 1
    if options.mode == 'suite' and (harness.expect_hellos is None or len(harness.stats['hellos']) < harness.expect_hellos):
        failed += 1
        print(f'[webkit] FAIL the reloaded page did not say $hello again: {harness.stats["hellos"]}', flush=True)
    if harness.error or len(harness.results) != 7:
        failed += 1
        print(f'[webkit] FAIL the run did not complete: {harness.error or "missing phases"}', flush=True)
    print(f'[webkit {options.transport}] {passed} passed, {failed} failed ({time.time() - started:.1f} s)', flush=True)
    print(f'{passed} passed, {failed} failed', flush=True)
    return 0 if failed == 0 and passed > 0 else 1


if __name__ == '__main__':
    sys.exit(main())
