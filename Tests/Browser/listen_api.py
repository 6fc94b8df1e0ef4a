"""The owner's API timed while listener streams are connected (Tests/Browser/listen_sync.py, the long run). The streams
are read by a child process of their own (`listen_api.py --readers URL TOKEN COUNT`), as players' pages would be, so the
timing client shares neither its interpreter lock nor its threads with 50 readers."""

import http.client
import json
import subprocess
import sys
import threading
import time
import urllib.request
from urllib.parse import urlparse

import numpy as np

from soundboard_test import StepFailed

CALLS = [("GET", "/api/items?kind=sfx&limit=20", None), ("GET", "/api/listeners", None),
         ("POST", "/api/listen/events", json.dumps({"type": "kind", "kind": "x-bench", "volume": 1}))]


def api_under_streams(url, token, streams=50, requests=300):
    """The owner's API timed (p50, p95 ms over `requests`) while `streams` listener streams are connected."""
    readers = subprocess.Popen([sys.executable, __file__, "--readers", url, token, str(streams)],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        line = readers.stdout.readline()
        if line.strip() != f"connected {streams}":
            raise StepFailed(f"the {streams} listener streams did not connect: {line!r}")
        where = urlparse(url)
        owner = http.client.HTTPConnection(where.hostname, where.port, timeout=5)
        players = json.loads(urllib.request.urlopen(url + "api/listeners").read())["players"]
        times = []
        for index in range(requests):
            method, path, body = CALLS[index % len(CALLS)]
            headers = {"X-Soundshelf": "1", "Content-Type": "application/json"} if body else {}
            began = time.perf_counter()
            owner.request(method, path, body=body, headers=headers)
            response = owner.getresponse()
            response.read()
            times.append((time.perf_counter() - began) * 1000)
            if response.status >= 300:
                raise StepFailed(f"{method} {path} answered {response.status}")
    finally:
        readers.stdin.close()
        readers.wait(timeout=10)
    for index, (method, path, _) in enumerate(CALLS):
        mine = times[index::len(CALLS)]
        print(f"  {method} {path}: p50 {np.percentile(mine, 50):.2f} ms, p95 {np.percentile(mine, 95):.2f} ms")
    p50, p95_ = float(np.percentile(times, 50)), float(np.percentile(times, 95))
    print(f"owner's API with {players} players connected: p50 {p50:.2f} ms, p95 {p95_:.2f} ms over {requests} requests",
          flush=True)
    return {"playersConnected": players, "ownerApiP50Ms": p50, "ownerApiP95Ms": p95_}


def readers(url, token, streams):
    """Opens `streams` listener streams and reads them until standard input closes (at most 2 minutes)."""
    where = urlparse(url)
    connected = []
    stop = threading.Event()

    def listen():
        connection = http.client.HTTPConnection(where.hostname, where.port, timeout=5)
        connection.request("GET", "/listen/events", headers={"Authorization": f"Bearer {token}"})
        response = connection.getresponse()
        connected.append(response.status)
        while not stop.is_set():
            try:
                response.fp.readline()
            except Exception:  # noqa: BLE001 — a read timing out between ticks
                pass
        connection.close()

    for _ in range(streams):
        threading.Thread(target=listen, daemon=True).start()
    deadline = time.time() + 30
    while len(connected) < streams and time.time() < deadline:
        time.sleep(0.05)
    print(f"connected {len(connected)}", flush=True)
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    stop.wait(120)


if __name__ == "__main__" and sys.argv[1:2] == ["--readers"]:
    readers(sys.argv[2], sys.argv[3], int(sys.argv[4]))
