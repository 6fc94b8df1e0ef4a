#!/usr/bin/env python3
"""One relay under many sessions (SPEC §22's scale row): SESSIONS owners on WebSockets (a minimal RFC 6455 client:
masked text frames out, frames in read and dropped), PLAYERS listen streams (SSE) spread over them, and CUES listen
events a second in all, each sent by a random owner with its send time; every player's stream measures when each
reaches it. Prints the fan-out latency (send → a player's stream, p50/p99/max), the events delivered, and the relay's
peak memory (VmHWM). Run by scripts/bench-relay against a release soundshelf-relay.

    relay_load.py --port P --key KEY --pid PID [--sessions 2000] [--players 10000] [--cues 50] [--seconds 30]
"""

import argparse
import asyncio
import base64
import json
import os
import random
import struct
import time
import uuid


def token():
    return "listen_" + base64.urlsafe_b64encode(os.urandom(32)).decode().rstrip("=")


def frame(text):
    payload = text.encode()
    mask = os.urandom(4)
    head = bytes([0x81])
    length = len(payload)
    if length < 126:
        head += bytes([0x80 | length])
    elif length < 65536:
        head += bytes([0x80 | 126]) + struct.pack("!H", length)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", length)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


async def drain_frames(reader):
    """Reads the relay's frames until the socket closes (players counts, clock answers)."""
    try:
        while True:
            head = await reader.readexactly(2)
            length = head[1] & 0x7F
            if length == 126:
                length = struct.unpack("!H", await reader.readexactly(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", await reader.readexactly(8))[0]
            await reader.readexactly(length)
    except (asyncio.IncompleteReadError, ConnectionError):
        pass


class Owner:
    def __init__(self, port, key):
        self.port, self.key = port, key
        self.session = base64.urlsafe_b64encode(os.urandom(16)).decode().rstrip("=")
        self.secret = base64.urlsafe_b64encode(os.urandom(32)).decode().rstrip("=")
        self.tokens = []

    async def open(self, players):
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        key = base64.b64encode(os.urandom(16)).decode()
        self.writer.write((f"GET /s/{self.session}/owner HTTP/1.1\r\nHost: 127.0.0.1:{self.port}\r\n"
                           f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           f"Sec-WebSocket-Version: 13\r\nAuthorization: Bearer {self.key}\r\n\r\n").encode())
        answer = await self.reader.readuntil(b"\r\n\r\n")
        if b" 101 " not in answer.split(b"\r\n")[0]:
            raise RuntimeError(f"no upgrade: {answer[:80]!r}")
        self.send({"type": "hello", "session": self.session, "secret": self.secret})
        now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        later = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + 3600))
        self.tokens = [token() for _ in range(players)]
        self.send({"type": "state", "listeners": [{"token": t, "created": now, "expires": later} for t in self.tokens],
                   "snapshot": {"now": 0, "layers": [], "kinds": {}, "recent": []}})
        asyncio.ensure_future(drain_frames(self.reader))

    def send(self, message):
        self.writer.write(frame(json.dumps(message)))


async def listen(port, session, token, latencies, started, ready):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write((f"GET /s/{session}/listen/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                  f"Authorization: Bearer {token}\r\nAccept: text/event-stream\r\n\r\n").encode())
    await reader.readuntil(b"\r\n\r\n")
    ready.append(1)
    name = None
    try:
        while True:
            line = await reader.readline()
            if not line:
                break
            if line.startswith(b"event: "):
                name = line[7:].strip()
            elif line.startswith(b"data: ") and name == b"listen":
                # Chunked encoding puts size lines between events: only the data lines are read.
                sent = json.loads(line[6:])["at"]
                if sent >= started[0]:
                    latencies.append(time.monotonic() * 1000 - sent)
    except (ConnectionError, asyncio.IncompleteReadError, ValueError):
        pass


def memory(pid):
    fields = {}
    for line in open(f"/proc/{pid}/status"):
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return fields.get("VmHWM"), fields.get("VmRSS")


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--key", required=True)
    parser.add_argument("--pid", type=int, required=True)
    parser.add_argument("--sessions", type=int, default=2000)
    parser.add_argument("--players", type=int, default=10000)
    parser.add_argument("--cues", type=float, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    per = max(1, args.players // args.sessions)
    owners = [Owner(args.port, args.key) for _ in range(args.sessions)]
    begin = time.monotonic()
    for chunk in range(0, len(owners), 200):
        await asyncio.gather(*(owner.open(per) for owner in owners[chunk:chunk + 200]))
    await asyncio.sleep(0.5)
    latencies, ready, started = [], [], [float("inf")]
    tasks = []
    for owner in owners:
        for one in owner.tokens:
            tasks.append(asyncio.ensure_future(listen(args.port, owner.session, one, latencies, started, ready)))
        if len(tasks) % 500 == 0:
            await asyncio.sleep(0.05)
    while len(ready) < len(tasks):
        await asyncio.sleep(0.2)
    print(f"{len(owners)} sessions, {len(ready)} players connected in {time.monotonic() - begin:.1f} s; "
          f"relay memory (peak, now): {memory(args.pid)}", flush=True)
    started[0] = time.monotonic() * 1000
    sent = 0
    end = time.monotonic() + args.seconds
    layer = 0
    due = time.monotonic()
    while time.monotonic() < end:
        owner = random.choice(owners)
        layer += 1
        owner.send({"type": "listen", "event": {"type": "start", "layer": f"l{layer}", "item": str(uuid.uuid4()),
                                                "at": time.monotonic() * 1000, "loop": False, "duration": 0.5}})
        sent += 1
        due += 1 / args.cues
        await asyncio.sleep(max(0, due - time.monotonic()))
    await asyncio.sleep(2)
    latencies.sort()
    count = len(latencies)
    pick = lambda q: latencies[min(count - 1, int(count * q))] if count else float("nan")  # noqa: E731
    print(f"{sent} cues sent ({sent / args.seconds:.1f}/s), {count} deliveries (expected {sent * per}); fan-out latency "
          f"p50 {pick(0.5):.2f} ms, p99 {pick(0.99):.2f} ms, max {latencies[-1] if count else float('nan'):.2f} ms; "
          f"relay memory (peak, now): {memory(args.pid)}", flush=True)
    for task in tasks:
        task.cancel()


if __name__ == "__main__":
    asyncio.run(main())
