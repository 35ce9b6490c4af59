"""A loopback HTTPS server for the Chromium benchmarks: bodies cross real sockets, as the WebView's
cross the engine's processes, where playwright's request interception would carry them as base64
through its driver. Chromium is pointed at it with `chromium_args` (host names mapped to
127.0.0.1, the self-signed certificate accepted), so the page's origins stay those of the
conformance suites.

    server = await LoopbackServer.start(handler, cert_dir, keep_alive=True)
    # handler: async (method, path, headers: {lowercased name: value}, body: bytes)
    #          -> (status, headers: {name: value}, body: bytes); raising ConnectionError
    #          closes the connection unanswered: a network error for the page

HTTP/1.1 with keep-alive, `Content-Length` bodies and chunked request bodies; nothing else.
Without keep-alive every connection carries one request: Chromium resends a request whose
reused connection closes unanswered (it takes it for a stale connection), so a suite that needs
the page to see an unanswered request as a network error serves each on a fresh one.
"""
import asyncio
import os
import ssl
import subprocess

REASONS = {200: 'OK', 204: 'No Content', 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 405: 'Method Not Allowed',
           413: 'Content Too Large', 500: 'Internal Server Error', 507: 'Insufficient Storage'}


def self_signed(directory):
    """A certificate and key for any host (Chromium runs with --ignore-certificate-errors), made once."""
    cert, key = os.path.join(directory, 'loopback.crt'), os.path.join(directory, 'loopback.key')
    if not (os.path.exists(cert) and os.path.exists(key)):
        os.makedirs(directory, exist_ok=True)
        subprocess.run(['openssl', 'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '30', '-subj', '/CN=bridgegen-loopback',
                        '-keyout', key, '-out', cert], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return cert, key


def chromium_args(hosts, port):
    """Chromium's flags that send `hosts` to this server."""
    rules = ', '.join(f'MAP {host} 127.0.0.1:{port}' for host in hosts)
    return [f'--host-resolver-rules={rules}', '--ignore-certificate-errors']


class LoopbackServer:
    def __init__(self, handler, keep_alive):
        self.handler = handler
        self.keep_alive = keep_alive
        self.server = None
        self.port = None

    @classmethod
    async def start(cls, handler, cert_dir, keep_alive=True):
        server = cls(handler, keep_alive)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(*self_signed(cert_dir))
        context.set_alpn_protocols(['http/1.1'])
        server.server = await asyncio.start_server(server.connection, '127.0.0.1', 0, ssl=context, limit=1 << 20)
        server.port = server.server.sockets[0].getsockname()[1]
        return server

    def close(self):
        if self.server is not None:
            self.server.close()

    async def connection(self, reader, writer):
        try:
            while await self.exchange(reader, writer):
                pass
        except (ConnectionError, asyncio.IncompleteReadError, ssl.SSLError, asyncio.CancelledError):
            pass  # the page went away mid-request, or the server is closing: nothing to answer
        finally:
            writer.close()

    async def exchange(self, reader, writer):
        """One request and its response; False when the connection is done."""
        line = await reader.readline()
        if not line:
            return False
        method, path, _ = line.decode('latin-1').split(' ', 2)
        headers = {}
        while True:
            header = await reader.readline()
            if header in (b'\r\n', b'\n', b''):
                break
            name, _, value = header.decode('latin-1').partition(':')
            headers[name.strip().lower()] = value.strip()
        body = await self.body(reader, headers)
        status, answer_headers, answer = await self.handler(method, path, headers, body)
        head = [f'HTTP/1.1 {status} {REASONS.get(status, "Status")}', f'Content-Length: {len(answer)}']
        head += [f'{name}: {value}' for name, value in answer_headers.items() if name.lower() not in ('content-length', 'connection')]
        if not self.keep_alive:
            head.append('Connection: close')
        writer.write(('\r\n'.join(head) + '\r\n\r\n').encode('latin-1'))
        writer.write(answer)
        await writer.drain()
        return self.keep_alive and headers.get('connection', '').lower() != 'close'

    @staticmethod
    async def body(reader, headers):
        if headers.get('transfer-encoding', '').lower() == 'chunked':
            parts = []
            while True:
                size = int((await reader.readline()).split(b';')[0], 16)
                if size == 0:
                    await reader.readline()
                    return b''.join(parts)
                parts.append(await reader.readexactly(size))
                await reader.readline()
        length = int(headers.get('content-length', '0'))
        return await reader.readexactly(length) if length else b''
