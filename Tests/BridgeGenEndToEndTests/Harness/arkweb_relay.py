"""The ArkWeb transfer scheme's test URL in Chromium: a desktop Chromium cannot fetch
`bridgegen-bytes:`, so the ArkTS host advertises https://bridgegen-bytes.test/transfer/ (the
store's `baseUrl`), and each request of it reaches the loopback server (loopback.py), which runs
it through the scheme handler the glue set on the ArkWeb stand-in (the host's `scheme`
command). The URL is cross-origin to the page: Chromium sends `Origin`, preflights what is not
simple and enforces CORS on the answers, as it does for the CORS-enabled custom scheme. Bodies
cross through temporary files, as the Swift host's do.
"""
import os

TRANSFER_HOST = 'bridgegen-bytes.test'
TRANSFER_URL = f'https://{TRANSFER_HOST}/transfer/'


async def scheme_request(host, temporary_file, method, path, headers, body, frame_url):
    """One request of the test URL run by the host's scheme handler: (status, headers, body).
    Raises ConnectionError when the handler failed it (`didFail`), which the loopback server
    turns into a network error for the page."""
    fields = {'method': method, 'url': f'https://{TRANSFER_HOST}{path}', 'frameUrl': frame_url,
              'headers': {'Origin': headers['origin']} if 'origin' in headers else {}, 'out': temporary_file()}
    if method == 'POST':
        fields['file'] = temporary_file()
        with open(fields['file'], 'wb') as f:
            f.write(body)
    try:
        output = (await host.command({'scheme': fields}))['http']
    finally:
        if 'file' in fields:
            os.unlink(fields['file'])
    payload = output.get('body', '').encode('utf-8')
    if os.path.exists(fields['out']):
        with open(fields['out'], 'rb') as f:
            payload = f.read()
        os.unlink(fields['out'])
    if 'failed' in output:
        raise ConnectionError('the scheme handler failed the request')
    return output['status'], output['headers'], payload
