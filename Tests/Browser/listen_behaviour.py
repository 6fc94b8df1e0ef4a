"""What players see and hear of the owner's other controls (Tests/Browser/listen_sync.py): "only I hear this", a layer's
volume, a reconnect, stop all, a stop, and the Players panel's link, its QR code (decoded by zbarimg) and revoking it."""

import os
import re
import subprocess
import tempfile
import time

import numpy as np

from listen_signal import machine_times, onsets, skews
from soundboard_test import StepFailed


def wait(what, condition, timeout=20):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            if condition():
                return
        except Exception:  # noqa: BLE001 — a page still loading
            pass
        time.sleep(0.1)
    raise StepFailed(f"timed out waiting for {what}")


def bed_layers(player, bed):
    return [layer for layer in player.hooks("layers()") if layer["item"] == bed["id"]]


def behaviour(owner, players, bed, docs):
    """"Only I hear this", a stop, and the Players panel's link and QR code (decoded by zbarimg)."""
    print("step: only I hear this: the bed goes silent for every player, and comes back at its phase", flush=True)
    owner.test(f"setMine('{bed['id']}', true)")
    for player in players:
        wait("the bed to stop for a player", lambda: not bed_layers(player, bed), timeout=5)
    owner.test(f"setMine('{bed['id']}', false)")
    for player in players:
        wait("the bed to play again for a player", lambda: any(layer["sounding"] for layer in bed_layers(player, bed)), timeout=5)
    errors = [abs(bed_layers(player, bed)[0]["phaseError"] or 0) * 1000 for player in players]
    print(f"  phase error of the bed back on each player: {', '.join(f'{e:.2f}' for e in errors)} ms (computed by each page)")
    if max(errors) > 30:
        raise StepFailed(f"the bed came back off its phase by {max(errors):.1f} ms")
    if docs:
        listener = players[-1].driver
        listener.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        listener.save_screenshot(os.path.join(docs, "listen-phone.png"))
    print("step: a layer's volume reaches every player; a player that reconnects keeps the bed, once, at its phase", flush=True)
    owner.test(f"setVolume('{bed['id']}', 0.4)")
    for player in players:
        wait("the volume on a player", lambda: bed_layers(player, bed)[0]["volume"] == 0.4, timeout=5)
    players[0].hooks("reconnect()")
    time.sleep(2.5)
    again = bed_layers(players[0], bed)
    if len(again) != 1 or not again[0]["sounding"] or abs(again[0]["phaseError"]) > 0.03:
        raise StepFailed(f"after reconnecting the player has the bed as {again}")
    interrupted(owner, players[0], bed)
    print("step: stop all on the owner's page stops every player", flush=True)
    owner.test("stopAll(true)")
    for player in players:
        wait("every player to stop", lambda: not player.hooks("layers()"), timeout=5)
    owner.test(f"trigger('{bed['id']}')")
    for player in players:
        wait("the bed again on a player", lambda: any(layer["sounding"] for layer in bed_layers(player, bed)), timeout=5)
    print("step: the owner stops the bed: every player stops it", flush=True)
    owner.test(f"stopItem('{bed['id']}', 0)")
    for player in players:
        wait("the players' beds to stop", lambda: not bed_layers(player, bed) and player.hooks("sounding()") == 0, timeout=5)
    print("step: the Players panel shows a listen link whose QR code reads back as the link", flush=True)
    driver = owner.driver
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    driver.execute_script("document.getElementById('players-button').click()")
    wait("the Players panel", lambda: driver.execute_script("return document.getElementById('players-dialog').open"))
    driver.execute_script("document.getElementById('players-new').click()")
    wait("a new listen link", lambda: driver.execute_script("return document.getElementById('players-url').value") != "")
    url = driver.execute_script("return document.getElementById('players-url').value")
    wait("the links and their players", lambda: driver.execute_script(
        "return document.querySelectorAll('#players-list [data-listener]').length") >= 2)
    path = driver.execute_script("return document.querySelector('#players-qr path').getAttribute('d')")
    decoded = decode_qr(path)
    if decoded != url:
        raise StepFailed(f"the QR code reads {decoded!r}, not the link {url!r}")
    counts = driver.execute_script("return [...document.querySelectorAll('#players-list .players-count')].map(n => n.textContent)")
    print(f"  QR code reads back as {url}; links: {counts}")
    if docs:
        driver.save_screenshot(os.path.join(docs, "players-panel.png"))
    print("step: revoking a link ends its players' streams", flush=True)
    token = players[0].driver.execute_script("return location.search.match(/token=([^&]+)/)[1]")
    driver.execute_script(f"document.querySelector('[data-revoke=\"{token}\"]').click()")
    wait("the listen page to say its link no longer works", lambda: "no longer works" in players[0].driver.execute_script(
        "return document.getElementById('listen-status').textContent"), timeout=10)


def interrupted(owner, player, bed):
    """A player whose audio stops for half a second (its context suspended, as a phone's call would) hears the bed at
    the owner's phase again within two seconds: its clock map follows the step in its output's timing (the context
    stood still while the machine's clock went on) and its loop is placed again. Judged on both recordings."""
    print("step: a player's audio stops for 0.5 s: within 2 s its bed is back at the owner's phase", flush=True)
    steps = player.hooks("steps()")
    player.hooks("interrupt(500)")
    time.sleep(2)
    owner.test("syncStart()")
    player.hooks("startCapture()")
    time.sleep(5)
    heard = {}
    for name, result in (("owner", owner.recording()), ("player", player.recording())):
        samples, times, _ = machine_times(result)
        heard[name] = onsets(samples, times)
    apart = skews(heard["owner"], heard["player"])
    print(f"  bed onsets after the interruption, the player's less the owner's: {', '.join(f'{x:+.2f}' for x in apart)} ms "
          f"(clock steps followed: {player.hooks('steps()') - steps})")
    if len(apart) < 2 or np.max(np.abs(apart)) > 5:
        raise StepFailed(f"after its audio stopped for 0.5 s the player's bed is off the owner's by {apart} ms")


def decode_qr(path):
    """The text of a QR code drawn as `M{x} {y}h1v1h-1z` squares (qr.js), read by zbarimg from a PGM image."""
    cells = [(int(x), int(y)) for x, y in re.findall(r"M(\d+) (\d+)h1v1h-1z", path)]
    size = max(max(x, y) for x, y in cells) + 5
    scale = 6
    image = np.full((size * scale, size * scale), 255, dtype=np.uint8)
    for x, y in cells:
        image[y * scale:(y + 1) * scale, x * scale:(x + 1) * scale] = 0
    with tempfile.NamedTemporaryFile(suffix=".pgm", delete=False) as handle:
        handle.write(f"P5 {size * scale} {size * scale} 255\n".encode() + image.tobytes())
    run = subprocess.run(["zbarimg", "-q", "--raw", handle.name], capture_output=True, text=True)
    os.unlink(handle.name)
    return run.stdout.strip()
