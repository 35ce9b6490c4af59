"""Request ids as JSON-RPC 2.0 has them: a string, a number or null, echoed exactly as sent (a
number past a double's precision, a string with a lone surrogate escape); an object, an array
or a boolean is refused with InvalidRequest (-32600) and id null, and the request is not run.
The bytes the server writes are compared, not a decoding of them."""
from test_hostile import frame, run_raw

INITIALIZE = b'{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}'
EXIT = b'{"jsonrpc":"2.0","method":"exit"}'


def request(id_text, method="workspace/symbol"):
    return b'{"jsonrpc":"2.0","id":%s,"method":"%s","params":{"query":"zz"}}' % (id_text, method.encode())


def bodies(stdout):
    """The raw body of every message the server wrote, in order."""
    out = []
    while stdout:
        head, _, rest = stdout.partition(b"\r\n\r\n")
        length = int(head.split(b":")[1])
        out.append(rest[:length])
        stdout = rest[length:]
    return out


def test_ids_come_back_exactly_as_sent():
    ids = [b"9007199254740993", b"-9007199254740993", b"123456789012345678901234567890", b"1.5e3", b"-0", b"7",
           br'"\ud800"', br'"a\udc00b"', br'"\ud83d\ude00"', b'"x"', b"null"]
    expected = [b'{"id":9007199254740993,"jsonrpc":"2.0","result":[]}',
                b'{"id":-9007199254740993,"jsonrpc":"2.0","result":[]}',
                b'{"id":123456789012345678901234567890,"jsonrpc":"2.0","result":[]}',
                b'{"id":1.5e3,"jsonrpc":"2.0","result":[]}',
                b'{"id":-0,"jsonrpc":"2.0","result":[]}',
                b'{"id":7,"jsonrpc":"2.0","result":[]}',
                br'{"id":"\ud800","jsonrpc":"2.0","result":[]}',
                br'{"id":"a\udc00b","jsonrpc":"2.0","result":[]}',
                '{"id":"😀","jsonrpc":"2.0","result":[]}'.encode(),
                b'{"id":"x","jsonrpc":"2.0","result":[]}',
                b'{"id":null,"jsonrpc":"2.0","result":[]}']
    stream = b"".join(frame(body) for body in [INITIALIZE] + [request(i) for i in ids]
                      + [request(b"8", "shutdown"), EXIT])
    run = run_raw(stream)
    assert run.returncode == 0, run.stderr
    answers = bodies(run.stdout)
    assert answers[1:-1] == expected
    assert answers[-1] == b'{"id":8,"jsonrpc":"2.0","result":null}'


def test_a_cancel_matches_the_id_as_written():
    """2^53 and 2^53 + 1 are one double: cancelling one must leave the other be."""
    cancel = b'{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":9007199254740992}}'
    stream = b"".join(frame(body) for body in [INITIALIZE, request(b"9007199254740993"), request(b"9007199254740992"),
                                               cancel, request(b"8", "shutdown"), EXIT])
    answers = bodies(run_raw(stream).stdout)
    assert answers[1] == b'{"id":9007199254740993,"jsonrpc":"2.0","result":[]}'
    assert answers[2] == (b'{"error":{"code":-32800,"message":"cancelled by the client"},'
                          b'"id":9007199254740992,"jsonrpc":"2.0"}')


def test_ids_json_rpc_does_not_allow_are_refused_and_the_request_not_run():
    refusal = (b'{"error":{"code":-32600,"message":"a request\'s id is a string, a number or null"},'
               b'"id":null,"jsonrpc":"2.0"}')
    bad = [b'{"a":1}', b"[1]", b"[]", b"true", b"false"]
    # Each a shutdown: had one run, the exit at the end would leave with status 0.
    stream = b"".join(frame(body) for body in [INITIALIZE] + [request(i, "shutdown") for i in bad] + [EXIT])
    run = run_raw(stream)
    assert bodies(run.stdout)[1:] == [refusal] * len(bad)
    assert run.returncode == 1, "a refused shutdown ran"
