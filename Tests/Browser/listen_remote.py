#!/usr/bin/env python3
"""Players at home, measured in headless Chromium (docs/FORMAT.md §15.3): the game master's `client serve --relay` reaches the relay
through an emulated home uplink, and each player's browser reaches the relay through a link of its own
(link_emulator.py: a round trip with jitter, in user space). Every page records its own output, placed on the machine's
clock as listen_sync.py does, so onsets of different pages compare.

    listen_remote.py --url http://127.0.0.1:SERVE/ --relay-port PORT --expected expected.json
                     [--rtts 40,120,300] [--late-rtt 150] [--jitter 20] [--report FILE]

The owner opens a scene board (its sounds announced, loaded ahead by the players), starts the bed (a loop with a burst
at its start), then ten blips (one-shots) between the bursts; a player joins late, halfway. Figures: the lead the
owner's page grew to, each player's reported delay, the onset skew between every two pages (p95), the late joiner's
time from Join to sound and its loop phase, and the one-shots not played. With --long the bed goes on and the pages'
distance is measured again 5 and 10 minutes after it started (drift over far links). Exits 1 when a limit is passed.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time
import urllib.parse
import urllib.request

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))
from listen_behaviour import wait  # noqa: E402
from listen_signal import p95, pitch, skews  # noqa: E402
from listen_sync import Owner, Player, analyse, drift_window  # noqa: E402
from soundboard_test import StepFailed  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


class Link:
    """A link_emulator.py process in front of `port`."""

    def __init__(self, port, rtt, jitter, seed, stall_every=0.0, stall=0.0):
        self.process = subprocess.Popen(
            [sys.executable, os.path.join(HERE, "link_emulator.py"), "--to", str(port), "--rtt", str(rtt),
             "--jitter", str(jitter), "--seed", str(seed), "--stall-every", str(stall_every), "--stall", str(stall)],
            stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("link ready on "):
            raise StepFailed(f"link_emulator.py did not start: {line!r}")
        self.port = int(line.split()[-1])
        self.rtt = rtt

    def stop(self):
        self.process.kill()
        self.process.wait()


def descendants(root):
    """`root` and every process below it (a browser's renderer, network and GPU processes)."""
    children = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    parent = int(stat.read().rsplit(")", 1)[1].split()[1])
                children.setdefault(parent, []).append(int(entry))
            except (OSError, IndexError, ValueError):
                pass
    found, pending = set(), [root]
    while pending:
        pid = pending.pop()
        if pid not in found:
            found.add(pid)
            pending += children.get(pid, [])
    return found


def connections_to(port, drivers):
    """Established TCP connections to `port` that processes of these browsers opened (ss -p)."""
    pids = set()
    for driver in drivers:
        pids |= descendants(driver.service.process.pid)
    out = subprocess.run(["ss", "-tnpH", "state", "established", f"( dport = :{port} )"],
                         capture_output=True, text=True, check=True).stdout
    return sum(1 for line in out.splitlines() if any(int(pid) in pids for pid in re.findall(r"pid=(\d+)", line)))


def listeners(url):
    with urllib.request.urlopen(url.rstrip("/") + "/api/listeners", timeout=10) as response:
        return json.loads(response.read())


def run(args):
    expected = json.load(open(args.expected))
    bed, blip = expected["bed"], expected["blip"]
    rtts = [float(value) for value in args.rtts.split(",")]
    figures = {"rtts": rtts, "lateRtt": args.late_rtt, "jitter": args.jitter}
    links = [Link(args.relay_port, rtt, args.jitter, seed, args.stall_every, args.stall)
             for seed, rtt in enumerate(rtts + [args.late_rtt], 1)]
    figures["stalls"] = {"every": args.stall_every, "ms": args.stall}
    owner = Owner(args.url)
    players = []
    try:
        link = owner.link()["url"]
        parsed = urllib.parse.urlparse(link)
        if not parsed.path.startswith("/s/"):
            raise StepFailed(f"the listen link {link} is not a relay's")
        # Each player reaches the relay through its own link (the address in the link is the owner's way there).
        through = [urllib.parse.urlunparse(parsed._replace(netloc=f"127.0.0.1:{one.port}")) for one in links]
        print(f"listen link on the relay: {link}; players at {', '.join(f'{r:g}' for r in rtts)} ms round trips "
              f"± {args.jitter / 2:g} ms each way, a late joiner at {args.late_rtt:g} ms"
              + (f"; every player's link stalls {args.stall:g} ms every {args.stall_every:g} s" if args.stall else ""),
              flush=True)
        players = [Player(url) for url in through[:len(rtts)]]
        for player in players:
            player.join()
        sounds = [bed["id"], blip["id"]]
        owner.open_scene("Players at home", sounds)
        for player in players:
            wait("the scene's sounds loaded ahead on a player", lambda: len(player.hooks("fetched()")) >= len(sounds),
                 timeout=30)
        # The players' delays reach the owner's page (each reports on its next round trip; the page asks every 10 s
        # and with every event it posts): its lead grows to the slowest player's.
        slowest = max(rtts) / 2
        deadline = time.time() + 30
        answer = listeners(args.url)
        while answer.get("lead", 0) < slowest and time.time() < deadline:
            owner.test(f"trigger('{blip['id']}')")  # an event the players measure
            time.sleep(2)
            answer = listeners(args.url)
        figures["leadMs"] = answer.get("lead")
        figures["delaysMs"] = [row.get("delay") for row in answer["listeners"]]
        print(f"lead {answer.get('lead')} ms; players' reported delays: "
              f"{[row.get('delay') for row in answer['listeners']]} ms", flush=True)
        if answer.get("lead", 0) < slowest:
            raise StepFailed(f"the lead stayed at {answer.get('lead')} ms for a player {slowest:g} ms away")
        time.sleep(1)
        dropped_before = [len(player.hooks("dropped()")) for player in players]
        uplink_before = (json.load(open(args.uplink_stats))["up"], time.time()) if args.uplink_stats else None
        owner.test("syncStart()")
        for player in players:
            player.hooks("startCapture()")
        owner.test(f"trigger('{bed['id']}')")
        loop = bed["loop"]
        started = time.time()
        late = None
        serve_port = urllib.parse.urlparse(args.url).port
        from_players, from_owner = 0, 0
        for index in range(10):
            target = started + loop * (index + 1) + loop / 2
            time.sleep(max(0, target - time.time()))
            owner.test(f"trigger('{blip['id']}')")
            # The game master's machine accepts no connection from a player: count what the players' browsers opened
            # to `client serve` (the owner's own page, which does connect, shows the count works).
            from_players = max(from_players, connections_to(serve_port, [player.driver for player in players]))
            from_owner = max(from_owner, connections_to(serve_port, [owner.driver]))
            if index == 4:
                late = Player(through[-1])
                late.pressed = late.join()
                players.append(late)
        time.sleep(loop + 1)
        figures["playerConnectionsToGameMaster"] = from_players
        print(f"connections to the game master's `client serve` while playing: from the players' browsers "
              f"{from_players}, from the owner's {from_owner}", flush=True)
        if from_owner == 0:
            raise StepFailed("no connection from the owner's page to client serve was seen: the count does not work")
        if uplink_before:
            # Steady play: the game master's upload while the bed and effects played (its files were there before).
            sent, since = uplink_before
            rate = (json.load(open(args.uplink_stats))["up"] - sent) / (time.time() - since)
            figures["uplinkBytesPerSecond"] = rate
            figures["uplinkBytesPerSecondPerPlayer"] = rate / len(players)
            print(f"the game master's upload in steady play: {rate:.0f} B/s in all, {rate / len(players):.0f} B/s "
                  f"per player ({len(players)} players)", flush=True)
        names = ["owner"] + [f"player {rtt:g} ms" for rtt in rtts] + ["late joiner"]
        found, placed, all_skews = analyse(owner, players, names)
        figures["onsetSkewP95"] = p95(np.array(all_skews))
        figures["onsetsMatched"] = len(all_skews)
        first = late.hooks("firstStart()")
        if first is None:
            raise StepFailed("the late joiner never started a layer")
        figures["lateJoinAudibleMs"] = float(first - late.pressed)
        samples, times, _ = placed["late joiner"]
        beds = [t for t in found["late joiner"] if t > late.pressed and pitch(samples, times, t) < 1300][:3]
        phase = skews(np.array(beds), found["owner"])
        figures["lateJoinPhaseMs"] = float(np.max(np.abs(phase))) if len(phase) else float("nan")
        # One-shots not played while measured (the late joiner's after Join are its own: it joins where the game is).
        figures["droppedOneShots"] = [len(player.hooks("dropped()")) - before
                                      for player, before in zip(players, dropped_before)]
        figures["droppedByLateJoiner"] = len(late.hooks("dropped()"))
        print(f"onset skew p95 over {len(all_skews)} pairs: {figures['onsetSkewP95']:.2f} ms", flush=True)
        for name, player in zip(names[1:], players):
            clock = player.hooks("clock()")
            print(f"  {name}: starts after their time (ms) {[round(x * 1000, 1) for x in player.hooks('late()')]}; "
                  f"clock round trip {clock['rtt']:.1f} ms", flush=True)
        print(f"late joiner: heard {figures['lateJoinAudibleMs']:.0f} ms after Join, loop phase off by "
              f"{figures['lateJoinPhaseMs']:.2f} ms; one-shots not played per player: {figures['droppedOneShots']} "
              f"(late joiner: {figures['droppedByLateJoiner']})",
              flush=True)
        if args.long:
            for minutes in (5, 10):
                figures[f"driftMs{minutes}min"] = drift_window(owner, players, started, minutes, names)
    finally:
        for driver in [owner.driver] + [player.driver for player in players]:
            try:
                driver.quit()
            except Exception:  # noqa: BLE001
                pass
        for one in links:
            one.stop()
    return figures


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True)
    parser.add_argument("--relay-port", type=int, required=True)
    parser.add_argument("--expected", required=True)
    parser.add_argument("--rtts", default="40,120,300")
    parser.add_argument("--late-rtt", type=float, default=150.0)
    parser.add_argument("--jitter", type=float, default=20.0, help="ms, each way spread over ± half")
    parser.add_argument("--skew-limit", type=float, default=10.0)
    parser.add_argument("--audible-limit", type=float, default=2000.0)
    parser.add_argument("--phase-limit", type=float, default=10.0)
    parser.add_argument("--uplink-stats", help="the game master's link's byte counts (link_emulator.py --stats)")
    parser.add_argument("--upload-limit", type=float, default=2048.0, help="bytes a second per player")
    parser.add_argument("--stall-every", type=float, default=0.0, help="seconds between stalls on every player's link")
    parser.add_argument("--stall", type=float, default=0.0, help="each stall, ms")
    parser.add_argument("--allow-dropped", action="store_true",
                        help="one-shots whose cue a stall made late are not played (counted, not a failure)")
    parser.add_argument("--long", action="store_true", help="also the pages' distance after 5 and 10 minutes of the bed")
    parser.add_argument("--drift-limit", type=float, default=5.0)
    parser.add_argument("--report")
    args = parser.parse_args()
    figures = run(args)
    if args.report:
        json.dump(figures, open(args.report, "w"), indent=2)
    failures = []
    if not figures["onsetSkewP95"] <= args.skew_limit:
        failures.append(f"onset skew p95 {figures['onsetSkewP95']:.2f} ms > {args.skew_limit} ms")
    if not figures["lateJoinAudibleMs"] <= args.audible_limit:
        failures.append(f"the late joiner heard sound {figures['lateJoinAudibleMs']:.0f} ms after Join")
    if not figures["lateJoinPhaseMs"] <= args.phase_limit:
        failures.append(f"the late joiner's loop phase off by {figures['lateJoinPhaseMs']:.2f} ms")
    if figures.get("uplinkBytesPerSecondPerPlayer", 0) > args.upload_limit:
        failures.append(f"the game master uploads {figures['uplinkBytesPerSecondPerPlayer']:.0f} B/s per player")
    if args.long and not figures["driftMs10min"] <= args.drift_limit:
        failures.append(f"pages {figures['driftMs10min']:.2f} ms apart after 10 minutes > {args.drift_limit} ms")
    if figures["playerConnectionsToGameMaster"]:
        failures.append(f"the players' browsers opened {figures['playerConnectionsToGameMaster']} connections "
                        "to the game master's machine")
    if any(figures["droppedOneShots"]) and not args.allow_dropped:
        failures.append(f"one-shots not played: {figures['droppedOneShots']}")
    for failure in failures:
        print(f"FAILED: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
