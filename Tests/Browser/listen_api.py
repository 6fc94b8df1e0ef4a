"""The owner's API timed while listener streams are connected (Tests/Browser/listen_sync.py, the long run)."""

import json
import threading
import time
import urllib.request

import numpy as np

from listen_behaviour import wait
from soundboard_test import StepFailed


def api_under_streams(url, token, streams=50, requests=300):
    """The owner's API timed (p50, p95 ms over `requests`) while `streams` listener streams are connected."""
    import http.client
    from urllib.parse import urlparse
    where = urlparse(url)
    stop = threading.Event()
    connected = []

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

    threads = [threading.Thread(target=listen, daemon=True) for _ in range(streams)]
    for thread in threads:
        thread.start()
    wait(f"{streams} listener streams", lambda: len(connected) >= streams, timeout=30)
    owner = http.client.HTTPConnection(where.hostname, where.port, timeout=5)
    players = json.loads(urllib.request.urlopen(url + "api/listeners").read())["players"]
    calls = [("GET", "/api/items?kind=sfx&limit=20", None), ("GET", "/api/listeners", None),
             ("POST", "/api/listen/events", json.dumps({"type": "kind", "kind": "x-bench", "volume": 1}))]
    times = []
    for index in range(requests):
        method, path, body = calls[index % len(calls)]
        headers = {"X-Soundshelf": "1", "Content-Type": "application/json"} if body else {}
        began = time.perf_counter()
        owner.request(method, path, body=body, headers=headers)
        response = owner.getresponse()
        response.read()
        times.append((time.perf_counter() - began) * 1000)
        if response.status >= 300:
            raise StepFailed(f"{method} {path} answered {response.status}")
    stop.set()
    for index, (method, path, _) in enumerate(calls):
        mine = times[index::len(calls)]
        print(f"  {method} {path}: p50 {np.percentile(mine, 50):.2f} ms, p95 {np.percentile(mine, 95):.2f} ms")
    p50, p95_ = float(np.percentile(times, 50)), float(np.percentile(times, 95))
    print(f"owner's API with {players} players connected: p50 {p50:.2f} ms, p95 {p95_:.2f} ms over {requests} requests",
          flush=True)
    return {"playersConnected": players, "ownerApiP50Ms": p50, "ownerApiP95Ms": p95_}
