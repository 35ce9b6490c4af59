"""What the browser harnesses of the shells that inject objects share (webkit_android.py,
chromium_android.py: Android, and in Chromium HarmonyOS's ArkWeb too), apart from their engine:
the shell (its page scripts and native host), the phases' host commands and checks, and the
summary. Plain Python: no engine is imported here."""
import json
import os

# main, untrusted, bare, the two loads of queued.html, the page-call phase
PHASE_RESULTS = 6


def jvm_host_command(kotlin, classes):
    """AndroidHost.kt on the JVM (Scripts/kotlin.py run)."""
    return ['python3', kotlin, 'run', '--cp', classes, 'schemas.AndroidHostKt']


def install(transport, origin, main_frame, trusted_host=None):
    """A fresh WebView with the bridge in the JVM, its one frame at `origin`."""
    fields = {'install': transport, 'origin': origin, 'mainFrame': main_frame, 'console': True}
    return dict(fields, trustedHost=trusted_host) if trusted_host else fields


class Shell:
    """A shell whose page posts on injected objects: how the page emulates them (injected.js, then
    the shell's script, whose installer the page's handle `window.__bgInjected` comes from), which
    host answers, and what frame the host's page is for a phase."""

    def __init__(self, platform, script, installer, host_command, install):
        self.platform = platform
        self.script = script
        self.installer = installer
        self.host_command = host_command
        self.install = install

    def page_scripts(self, web):
        """The classic scripts a page runs first, in order."""
        texts = []
        for name in ('injected.js', self.script):
            with open(os.path.join(web, name), encoding='utf-8') as f:
                texts.append(f.read())
        return texts


def android_shell(kotlin, classes):
    """Android: the JVM host's one frame is the page's own origin (the main frame, or a subframe
    of it the policy refuses natively since mainFrameOnly is set)."""
    return Shell('android', 'android.js', '__bgInstallAndroid', jvm_host_command(kotlin, classes),
                 lambda transport, origin, host, main_frame: install(transport, origin, main_frame, host))


# The ArkTS host's frames: its bundled page, or a cross-origin iframe of a host the permission
# list admits (ArkWeb counts a same-origin iframe as main) that the policy refuses natively.
ARKTS_BUNDLED = 'resource://rawfile/index.html'
ARKTS_SUBFRAME = ('https://trusted.example/frame.html', 'trusted.example')


def arkts_shell(host_js):
    """HarmonyOS: the ArkTS host under node (Harness/arkts/ArkTSHost.ts, compiled by e2e.py), its
    frame at a bundled origin whatever origin the engine serves the page from."""
    def arkts_install(transport, origin, host, main_frame):
        if main_frame:
            return install(transport, ARKTS_BUNDLED, True)
        return install(transport, ARKTS_SUBFRAME[0], False, ARKTS_SUBFRAME[1])
    return Shell('arkts', 'arkts.js', '__bgInstallArkTS', ['node', host_js], arkts_install)


def shell_arguments(parser, platform_default=None):
    """A Chromium harness's options: the platform, the transport, the pages, and the host (`--kotlin`
    and `--classes` for Android, `--host` for ArkTS)."""
    parser.add_argument('--platform', choices=['android', 'arkts'], default=platform_default, required=platform_default is None)
    parser.add_argument('--transport', choices=['reply', 'callback'], required=True)
    parser.add_argument('--web', required=True)
    parser.add_argument('--kotlin', help='android: Scripts/kotlin.py')
    parser.add_argument('--classes', help='android: the compiled Kotlin, AndroidHost.kt included')
    parser.add_argument('--host', help='arkts: the compiled ArkTSHost.js')


def shell_of(parser, options):
    """The shell `shell_arguments`' options name (a usage error when its host is not given)."""
    if options.platform == 'android' and not (options.kotlin and options.classes):
        parser.error('--kotlin and --classes are required')
    if options.platform == 'arkts' and not options.host:
        parser.error('--host is required')
    return android_shell(options.kotlin, options.classes) if options.platform == 'android' else arkts_shell(options.host)


def suite_query(engine, mode, transport, platform='android'):
    return f'platform={platform}&engine={engine}&mode={mode}&transport={transport}'


# The web content process 'terminated', then events sent: they wait for the next $hello (queued.js).
QUEUE_EVENTS = [{'terminate': True}] + [
    {'emit': {'module': 'sample', 'event': 'resume', 'payload': {'backgroundSeconds': s}}} for s in (1, 2, 3)
] + [{'emit': {'module': 'user', 'event': 'loginChanged', 'payload': {'user': {'id': 1, 'name': 'Queued \u2028</script>'}}}}]


def queue_problem(outputs):
    """Why QUEUE_EVENTS' outputs show events not queued natively, or None."""
    if outputs[-1].get('queued') != {'sample': 3, 'user': 1} or any(o.get('error') for o in outputs):
        return f'events were not queued natively: {outputs}'
    return None


def page_call(form_id):
    return {'callPage': {'module': 'user', 'method': 'getFormState', 'params': {'formId': form_id}, 'timeoutMs': 8000}}


class PageCallPhase:
    """The page-call phase's two cases: a call made before the page loaded waits for its client's
    $hello (pagecall.html?delay=300); a call made as the page reloads finds no client in the new
    document (-11 from the body, so the body runs twice) and is answered after its $hello."""

    BEFORE_LOAD = 'a call made before the page loaded waits for its client\'s $hello, then succeeds'
    ACROSS_RELOAD = ('a call made as the page reloads: the body finds no client (-11), the reloaded page\'s client '
                     'answers it after its $hello')

    def __init__(self, transport, log):
        self.transport = transport
        self.log = log
        self.result = {'passed': 0, 'failed': 0, 'lines': []}

    def record(self, name, ok, detail):
        self.result['passed' if ok else 'failed'] += 1
        line = f'ok {self.transport}/pagecalls: {name}' if ok else f'FAIL {self.transport}/pagecalls: {name}\n    {detail}'
        self.result['lines'].append(line)
        self.log(line)

    @staticmethod
    def answered(output, form_id, load):
        return output.get('outcome') == {'value': {'formId': form_id, 'title': f'load {load}', 'dirty': False, 'fields': []}}

    def before_load(self, output, waited):
        self.record(self.BEFORE_LOAD, self.answered(output, 'before-load', 1) and waited >= 0.3, json.dumps(output.get('outcome')))

    def across_reload(self, output, before, after):
        runs = after['evaluated'] - before['evaluated']
        self.record(self.ACROSS_RELOAD, self.answered(output, 'across', 2) and runs == 2,
                    f'{json.dumps(output.get("outcome"))}, {runs} runs of the body')


def summarize(engine, transport, results, error, seconds, log, platform='android'):
    """Prints the failures again and the summary lines; the exit status."""
    passed = sum(r.get('passed', 0) for r in results)
    failed = sum(r.get('failed', 0) for r in results)
    for r in results:
        for line in r.get('lines', []):
            if line.startswith('FAIL'):
                log(line)
    if error or len(results) != PHASE_RESULTS:
        failed += 1
        log(f'FAIL the run did not complete: {error or "missing phases"}')
    print(f'[{engine}-{platform} {transport}] {passed} passed, {failed} failed ({seconds:.1f} s)', flush=True)
    print(f'{platform}-{engine}-{transport}: {passed} passed, {failed} failed', flush=True)
    return 0 if failed == 0 and passed > 0 else 1
