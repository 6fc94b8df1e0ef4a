#!/usr/bin/env bash
# Regenerates the AudioProbe test fixtures and expected.json (the values ffprobe reports).
# Needs: sox (with libsox-fmt-all), ffmpeg/ffprobe (with libvorbis, libopus, libmp3lame), python3.
# Run from anywhere: bash Tests/AudioProbeTests/Fixtures/make-fixtures.sh
set -euo pipefail
cd "$(dirname "$0")"

FF=(ffmpeg -hide_banner -loglevel error -y)
BITEXACT=(-fflags +bitexact -flags:a +bitexact -map_metadata -1)
tone() { # tone RATE CHANNELS SECONDS -> lavfi input spec
    local rate=$1 ch=$2 secs=$3 expr="" i
    for ((i = 0; i < ch; i++)); do expr+="${expr:+|}0.5*sin($((330 + 110 * i))*2*PI*t)"; done
    echo "aevalsrc=${expr}:s=${rate}:d=${secs}"
}

rm -f ./*.wav ./*.aiff ./*.aifc ./*.flac ./*.ogg ./*.opus ./*.mp3 ./*.m4a

# WAV
sox -R -D -n -r 8000 -c 1 -b 16 -e signed-integer wav_pcm16.wav synth 0.5 sine 440
# ffmpeg writes WAVE_FORMAT_EXTENSIBLE for > 16 bits per sample (sox would write plain format 3 here).
"${FF[@]}" -f lavfi -i "$(tone 8000 6 0.1)" -c:a pcm_f32le "${BITEXACT[@]}" wav_f32_ext.wav
"${FF[@]}" -f lavfi -i "$(tone 11025 2 0.2)" -c:a pcm_s24le "${BITEXACT[@]}" wav_pcm24_ext.wav
"${FF[@]}" -f lavfi -i "$(tone 8000 1 0.25)" -c:a pcm_s16le -rf64 always "${BITEXACT[@]}" wav_rf64.wav
# AIFF / AIFC
sox -R -D -n -r 11025 -c 2 -b 16 -e signed-integer aiff_pcm16.aiff synth 0.25 sine 440
"${FF[@]}" -f lavfi -i "$(tone 8000 1 0.3)" -c:a pcm_s16le -f aiff "${BITEXACT[@]}" aifc_sowt.aifc
# FLAC
"${FF[@]}" -f lavfi -i "$(tone 22050 1 0.5)" -c:a flac "${BITEXACT[@]}" flac_22k_mono.flac
# Ogg
"${FF[@]}" -f lavfi -i "$(tone 22050 2 0.5)" -c:a libvorbis -q:a 0 "${BITEXACT[@]}" vorbis_22k_stereo.ogg
"${FF[@]}" -f lavfi -i "$(tone 24000 1 0.5)" -c:a libopus -b:a 16k "${BITEXACT[@]}" opus_24k_mono.opus
# MP3: CBR without Xing or tags (MPEG-2), VBR with Xing (MPEG-1), CBR with a large ID3v2 + ID3v1 (MPEG-2.5).
# ffprobe counts a trailing ID3v1 tag as audio in its CBR estimate; at 64 kbps its 128 bytes are 16 ms.
"${FF[@]}" -f lavfi -i "$(tone 22050 1 0.5)" -c:a libmp3lame -b:a 32k -write_xing 0 -id3v2_version 0 \
    "${BITEXACT[@]}" mp3_cbr_noxing.mp3
"${FF[@]}" -f lavfi -i "$(tone 44100 2 0.5)" -c:a libmp3lame -q:a 6 "${BITEXACT[@]}" mp3_vbr_xing.mp3
COMMENT=$(printf 'Soundshelf fixture %.0s' $(seq 1 150))
"${FF[@]}" -f lavfi -i "$(tone 8000 1 0.5)" -c:a libmp3lame -b:a 64k -write_xing 0 -id3v2_version 3 \
    -write_id3v1 1 -fflags +bitexact -flags:a +bitexact \
    -metadata title="Creaking Door" -metadata artist="Soundshelf" -metadata comment="$COMMENT" mp3_id3.mp3
# MP4: AAC with moov at the end (ffmpeg default), AAC faststart at 96 kHz (rate > 65535), ALAC
"${FF[@]}" -f lavfi -i "$(tone 44100 2 0.5)" -c:a aac -b:a 48k "${BITEXACT[@]}" m4a_aac_moov_end.m4a
"${FF[@]}" -f lavfi -i "$(tone 96000 1 0.3)" -c:a aac -b:a 48k -movflags +faststart "${BITEXACT[@]}" \
    m4a_aac_faststart_96k.m4a
"${FF[@]}" -f lavfi -i "$(tone 16000 2 0.3)" -c:a alac "${BITEXACT[@]}" m4a_alac.m4a

# expected.json: what ffprobe reports for every fixture.
python3 - <<'PY'
import glob, json, subprocess
out = {}
for path in sorted(glob.glob("*")):
    if path.endswith((".sh", ".json")):
        continue
    probe = json.loads(subprocess.check_output([
        "ffprobe", "-v", "error", "-select_streams", "a:0",
        "-show_entries", "stream=codec_name,sample_rate,channels:format=duration",
        "-of", "json", path]))
    stream = probe["streams"][0]
    codec = stream["codec_name"]
    if codec.startswith("pcm_"):
        codec = "pcm"
    out[path] = {
        "codec": codec,
        "sampleRate": int(stream["sample_rate"]),
        "channels": int(stream["channels"]),
        "duration": float(probe["format"]["duration"]),
    }
with open("expected.json", "w") as f:
    json.dump(out, f, indent=2, sort_keys=True)
    f.write("\n")
PY
ls -l
