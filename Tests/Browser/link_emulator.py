#!/usr/bin/env python3
"""A network link in user space (the kernel's netem is not available here): a TCP proxy on 127.0.0.1 whose every byte
arrives `delay` later each way (half a round trip), with uniform jitter, an optional bandwidth cap and periodic stalls,
in order (TCP never reorders: a byte leaves no earlier than the one before it).

    link_emulator.py --listen PORT --to PORT --rtt MS [--jitter MS] [--kbps N] [--stall-every S --stall MS]
                     [--stats FILE]

With --stats, FILE holds {"up": bytes toward PORT, "down": bytes back} so far, rewritten every 0.2 s.

Prints "link ready on PORT" once it listens; runs until killed. Each direction of each connection has a queue of
chunks, each with its departure time: max(now + rtt/2 + uniform(-jitter/2, jitter/2), the previous chunk's departure,
the previous chunk's departure + its size at the bandwidth cap), pushed past any stall window it falls in.
"""

import argparse
import asyncio
import json
import os
import random
import sys
import time


TOTALS = {"up": 0, "down": 0}


class Direction:
    def __init__(self, args, seed, name):
        self.args = args
        self.random = random.Random(seed)
        self.last = 0.0
        self.name = name

    def departure(self, size, now):
        one_way = self.args.rtt / 2000 + self.random.uniform(-self.args.jitter / 2000, self.args.jitter / 2000)
        at = max(now + max(0.0, one_way), self.last)
        if self.args.kbps:
            at = max(at, self.last + size * 8 / (self.args.kbps * 1000))
        if self.args.stall_every and self.args.stall:
            period, stall = self.args.stall_every, self.args.stall / 1000
            into = at % period
            if into < stall:
                at += stall - into
        self.last = at
        return at


async def pump(reader, writer, direction):
    queue = asyncio.Queue()

    async def send():
        while True:
            item = await queue.get()
            if item is None:
                break
            at, data = item
            wait = at - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            writer.write(data)
            await writer.drain()
        writer.close()

    sender = asyncio.create_task(send())
    try:
        while True:
            data = await reader.read(65536)
            if not data:
                break
            TOTALS[direction.name] += len(data)
            queue.put_nowait((direction.departure(len(data), time.monotonic()), data))
    except (ConnectionError, asyncio.CancelledError):
        pass
    queue.put_nowait(None)
    try:
        await sender
    except ConnectionError:
        pass


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--listen", type=int, default=0)
    parser.add_argument("--to", type=int, required=True)
    parser.add_argument("--rtt", type=float, required=True, help="round trip added, ms")
    parser.add_argument("--jitter", type=float, default=0.0, help="each way, uniform over ± half of it, ms")
    parser.add_argument("--kbps", type=float, default=0.0, help="bandwidth cap each way (0: none)")
    parser.add_argument("--stall-every", type=float, default=0.0, help="seconds between stalls")
    parser.add_argument("--stall", type=float, default=0.0, help="each stall, ms")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stats", help="a file for the bytes carried each way so far")
    args = parser.parse_args()
    connections = 0

    async def handle(client_reader, client_writer):
        nonlocal connections
        connections += 1
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", args.to)
        except OSError:
            client_writer.close()
            return
        seed = args.seed * 1000 + connections
        await asyncio.gather(
            pump(client_reader, server_writer, Direction(args, seed, "up")),
            pump(server_reader, client_writer, Direction(args, seed + 500, "down")))

    server = await asyncio.start_server(handle, "127.0.0.1", args.listen)
    port = server.sockets[0].getsockname()[1]
    print(f"link ready on {port}", flush=True)

    async def stats():
        while True:
            with open(args.stats + ".new", "w") as out:
                json.dump(TOTALS, out)
            os.replace(args.stats + ".new", args.stats)
            await asyncio.sleep(0.2)

    if args.stats:
        asyncio.ensure_future(stats())
    async with server:
        await server.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        sys.exit(0)
