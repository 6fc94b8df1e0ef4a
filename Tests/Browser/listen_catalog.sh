#!/usr/bin/env bash
# The catalog the listen-along measurements play (Tests/Browser/listen_sync.py, run by ListenAlongBrowserTests
# and scripts/bench-listen), made with sox, and the expected.json that tells listen_sync.py what each item is:
# - sync-tones (sfx): a 2 s bed that loops (a 30 ms burst at its start, then silence), a 0.1 s blip, and
#   "Draws": three takes told apart by their tone (500, 700 and 1000 Hz, 0.2 s each) whose playback rules
#   draw a take, a gain (−8…0 dB) and a pitch (±200 cents: the takes' bands never meet) on every trigger and
#   repeat it after 0.4–0.8 s, so a player that drew its own would sound different and at other times;
# - sync-beds (atmosphere): two steady tones that loop (330 and 495 Hz, whole periods in 2 s), for a
#   scene crossfade from one to the other.
#   listen_catalog.sh SOURCE EXPECTED_JSON
set -euo pipefail
source=$1
expected=$2
tones=3f0c2a8e-5b7d-4e1f-9a6c-2d8b4e7f1a35
beds=7c2e5a19-3d4b-4f8e-a6c1-9b0d2e7f4a58
bed=8a1d4c7e-2f5b-4d3a-9e6c-1b7f5a2d8c46
blip=c5e2b8f1-7a4d-4c9e-8b3f-6d1a9e4c2b57
draws=4e9b1c7a-8d2f-4a6e-b3c5-0f7a9d1e2b64
low=1b8f3d6a-5c2e-4e7b-9a4d-7e0c3f5a8b92
high=6d4a9e2c-0b7f-4c3a-8e5d-2a9f1c6b3e07
mkdir -p "$source/packs/sync-tones/audio" "$source/packs/sync-beds/audio"
synth() { sox -n -r 48000 -c 1 -b 16 "$@"; }
audio=$source/packs/sync-tones/audio
synth "$audio/bed.wav" synth 0.03 sine 880 vol 0.5 : synth 1.97 sine 880 vol 0
synth "$audio/blip.wav" synth 0.1 sine 1760 vol 0.5
take=0
for hz in 500 700 1000; do
  synth "$audio/draw-$take.wav" synth 0.2 sine $hz vol 0.5
  take=$((take + 1))
done
synth "$source/packs/sync-beds/audio/low.wav" synth 2 sine 330 vol 0.3
synth "$source/packs/sync-beds/audio/high.wav" synth 2 sine 495 vol 0.3
cat > "$source/packs/sync-tones/pack.yaml" <<YAML
id: $tones
slug: sync-tones
kind: sfx
title: "Sync Tones"
description: "Bursts for the listen-along measurements."
version: 1
license: CC0-1.0
items:
  - {id: $bed, title: "Bed", file: audio/bed.wav, loopable: true}
  - {id: $blip, title: "Blip", file: audio/blip.wav, loopable: false}
  - id: $draws
    title: "Draws"
    files: [audio/draw-0.wav, audio/draw-1.wav, audio/draw-2.wav]
    loopable: false
    playback: {order: shuffle, gain: [-8, 0], pitch: [-200, 200], interval: [0.4, 0.8]}
YAML
cat > "$source/packs/sync-beds/pack.yaml" <<YAML
id: $beds
slug: sync-beds
kind: atmosphere
title: "Sync Beds"
description: "Steady tones for a scene crossfade."
version: 1
license: CC0-1.0
items:
  - {id: $low, title: "Low Bed", file: audio/low.wav, loopable: true}
  - {id: $high, title: "High Bed", file: audio/high.wav, loopable: true}
YAML
printf 'title: Sync Tones\npacks: packs/\n' > "$source/catalog.yaml"
cat > "$expected" <<JSON
{"packs": ["$tones", "$beds"], "bed": {"id": "$bed", "loop": 2.0}, "blip": {"id": "$blip"},
 "draws": {"id": "$draws", "takes": [500, 700, 1000], "pitch": 200, "gain": 8},
 "scene": {"from": {"id": "$low", "hz": 330}, "to": {"id": "$high", "hz": 495}}}
JSON
