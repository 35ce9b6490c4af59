"""The `bridgegen-bytes:` scheme in WebKitGTK: what the iOS glue's `WKURLSchemeHandler`
(BridgeTransferScheme) does, with the Swift test host's transfer store behind it
(docs/WIRE.md, "Bytes at platform speed"; the host's `upload` and `download` commands).

- `POST bridgegen-bytes://transfer/upload`: the request's body (a GInputStream, WebKitGTK >= 2.40)
  is spliced into a temporary file by GIO, in chunks, never whole in Python; then the host's
  `upload` reads that file through its store, with the request's `Origin` header and, as the
  declared length, the body's (as the glue declares `httpBody.count`). A torn upload
  (`tear_next`) keeps the first half of the body, tells the host `torn`, and finishes the request
  with an error: the page's fetch rejects with a network error, as when a body fails mid-way.
- `GET bridgegen-bytes://transfer/<token>`: the host's `download` writes the bytes to a temporary
  file, which is unlinked once open and answered from as a stream, with `Content-Length`.
- `OPTIONS`: 204 with the allow headers (WebKitGTK sends no preflight to a custom scheme, even
  for a non-safelisted Content-Type; answered anyway, as the glue does).
- Every response: `Cache-Control: no-store`, and `Access-Control-Allow-Origin: <Origin>` when the
  origin policy allows that origin. The harness's origin policy is Schemas/'s: the scheme `app`
  is trusted (the test pages' `app://e2e`), `bgevil` is not.
"""
import json
import os
import tempfile

import gi

gi.require_version('Soup', '3.0')
gi.require_version('WebKit', '6.0')
from gi.repository import Gio, GLib, Soup, WebKit  # noqa: E402

SCHEME = 'bridgegen-bytes'
BASE_URL = f'{SCHEME}://transfer/'


def text_stream(text):
    data = text.encode('utf-8')
    return Gio.MemoryInputStream.new_from_bytes(GLib.Bytes.new(data)), len(data)


class TransferScheme:
    """Serves `bridgegen-bytes:` requests through the Swift test host: `command(fields_json, done)`
    runs one host command (webkit_harness.Host.command); `trusted(origin)` says whether the origin
    policy allows an `Origin` header's origin."""

    def __init__(self, command, trusted):
        self.command = command
        self.trusted = trusted
        # How many of the next uploads are torn (the page's `tearNextUpload` control).
        self.tear_next = 0
        self.folder = tempfile.mkdtemp(prefix='bridgegen-bytes-')
        self.files = 0
        # Requests served, by method (the benchmark reads them).
        self.served = {}

    def register(self, context):
        """Registers the scheme on a web context: CORS-enabled, as WebKit registers the scheme of
        a WKURLSchemeHandler (not secure: a fetch from the secure `app:` works without it)."""
        context.register_uri_scheme(SCHEME, self.serve)
        context.get_security_manager().register_uri_scheme_as_cors_enabled(SCHEME)

    def close(self):
        for name in os.listdir(self.folder):
            os.unlink(os.path.join(self.folder, name))
        os.rmdir(self.folder)

    def temporary_file(self):
        self.files += 1
        return os.path.join(self.folder, str(self.files))

    def serve(self, request):
        method = request.get_http_method() or 'GET'
        self.served[method] = self.served.get(method, 0) + 1
        headers = request.get_http_headers()
        origin = headers.get_one('Origin') if headers is not None else None
        path = request.get_path() or '/'
        if method == 'OPTIONS':
            self.respond(request, origin, 204, *text_stream(''), allow=True)
        elif method == 'POST' and path == '/upload':
            length = headers.get_one('Content-Length') if headers is not None else None
            self.upload(request, origin, int(length) if length and length.isdigit() else None)
        elif method == 'GET' and len(path) > 1:
            self.download(request, origin, path[1:])
        else:
            self.respond(request, origin, 405, *text_stream('expected GET of a value or POST to upload'))

    def upload(self, request, origin, declared):
        file = self.temporary_file()
        torn = self.tear_next > 0
        self.tear_next -= 1 if torn else 0
        body = request.get_http_body() or Gio.MemoryInputStream.new()
        target = Gio.File.new_for_path(file).replace(None, False, Gio.FileCreateFlags.PRIVATE, None)
        flags = Gio.OutputStreamSpliceFlags.CLOSE_SOURCE | Gio.OutputStreamSpliceFlags.CLOSE_TARGET

        def spliced(stream, result):
            try:
                length = stream.splice_finish(result)
            except GLib.Error as error:
                os.unlink(file)
                request.finish_error(error)
                return
            if torn:
                os.truncate(file, length // 2)
            # WebKitGTK sends no Content-Length; WKWebView hands a typed array body whole
            # (`httpBody`), whose count the glue declares: so does this handler.
            fields = {'origin': origin, 'file': file, 'declaredLength': length if declared is None else declared, 'torn': torn}

            def done(output):
                os.unlink(file)
                http = output.get('http') or {'status': 500, 'body': output.get('error', 'no answer')}
                if torn:
                    request.finish_error(GLib.Error.new_literal(
                        Gio.io_error_quark(), f'the request body failed after {length // 2} of {length} bytes', Gio.IOErrorEnum.BROKEN_PIPE))
                else:
                    self.respond(request, origin, http['status'], *text_stream(http.get('body', '')))

            self.command('"upload":' + json.dumps(fields), done)

        target.splice_async(body, flags, GLib.PRIORITY_DEFAULT, None, spliced)

    def download(self, request, origin, token):
        file = self.temporary_file()

        def done(output):
            http = output.get('http') or {'status': 500, 'body': output.get('error', 'no answer')}
            if http['status'] != 200:
                if os.path.exists(file):
                    os.unlink(file)
                self.respond(request, origin, http['status'], *text_stream(http.get('body', '')))
                return
            stream = Gio.File.new_for_path(file).read(None)
            # Open: the file's bytes stay readable while the stream is, and go with it.
            os.unlink(file)
            self.respond(request, origin, 200, stream, http['length'], content_type='application/octet-stream')

        self.command('"download":' + json.dumps({'origin': origin, 'token': token, 'file': file}), done)

    def respond(self, request, origin, status, stream, length, content_type='text/plain; charset=utf-8', allow=False):
        response = WebKit.URISchemeResponse.new(stream, length)
        response.set_status(status, None)
        response.set_content_type(content_type)
        headers = Soup.MessageHeaders.new(Soup.MessageHeadersType.RESPONSE)
        # Set as headers too: headers given replace what set_content_type says.
        headers.append('Content-Type', content_type)
        headers.append('Content-Length', str(length))
        headers.append('Cache-Control', 'no-store')
        if origin is not None and self.trusted(origin):
            headers.append('Access-Control-Allow-Origin', origin)
        if allow:
            headers.append('Access-Control-Allow-Methods', 'GET, POST')
            headers.append('Access-Control-Allow-Headers', 'Content-Type')
        response.set_http_headers(headers)
        request.finish_with_response(response)
