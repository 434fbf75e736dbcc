"""Where the Python reference provider's time goes, inside its process (bench/python-provider.bench.ts runs it).

    python3 bench/python-provider-parts.py <photo folder> [ms per part]

Prints one JSON object: microseconds per photos_list {"limit": 1}, in the same
process, no pipe: the folder scan alone, the call alone, the call with the JSON
line parsed and the answer line encoded, and that again handed to and back from
the provider's thread pool (as Connection.dispatch/answer do).
"""

import concurrent.futures
import json
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "python-provider"))
import xcap_provider as x  # noqa: E402


def per_call_us(fn, ms):
    """Microseconds per call of fn, run for ms after a warm-up of 500 calls."""
    for _ in range(500):
        fn()
    calls = 0
    start = time.perf_counter()
    end = start + ms / 1000
    while time.perf_counter() < end:
        for _ in range(100):
            fn()
        calls += 100
    return (time.perf_counter() - start) / calls * 1e6


def main(folder, ms):
    library = x.PhotoLibrary(folder, 64 * 1024 * 1024)
    provider = x.Provider({"photos": x.PhotosProvider(library, x.newest_picker)})
    params = {"capability": "photos", "tool": "list", "input": {"limit": 1}}
    line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "providers/call", "params": params}).encode("ascii") + b"\n"

    def with_json():
        message = json.loads(line)
        result = provider.methods[message["method"]](message["params"])
        answer = {"jsonrpc": "2.0", "id": message["id"], "result": result}
        return json.dumps(answer, ensure_ascii=True, separators=(",", ":"), allow_nan=False).encode("ascii") + b"\n"

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
        figures = {
            "scan": per_call_us(library.photos, ms),
            "call": per_call_us(lambda: provider.call(params), ms),
            "json": per_call_us(with_json, ms),
            "pool": per_call_us(lambda: pool.submit(with_json).result(), ms),
        }
    print(json.dumps(figures))


if __name__ == "__main__":
    main(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 500)
