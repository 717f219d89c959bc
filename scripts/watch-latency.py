#!/usr/bin/env python3
"""Save → new layout printed, for `stackc watch` on a 1,000-row screen.

Builds nothing: run `swift build -c release` first. Starts
`stackc watch --format json --debounce 40` on a generated screen, saves the
file N times (atomic rename, as editors do), and reports how long each new
layout line took to arrive, minus the 40 ms debounce.

    python3 scripts/watch-latency.py [--rows 1000] [--saves 30]
"""
import argparse
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time

parser = argparse.ArgumentParser()
parser.add_argument("--rows", type=int, default=1000)
parser.add_argument("--saves", type=int, default=30)
args = parser.parse_args()

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
stackc = os.path.join(root, ".build", "release", "stackc")
bench = os.path.join(root, ".build", "release", "stack-bench")
for tool in (stackc, bench):
    if not os.path.exists(tool):
        sys.exit(f"{tool} is missing: run `swift build -c release` first")

DEBOUNCE = 0.040
with tempfile.TemporaryDirectory() as directory:
    screen = os.path.join(directory, "screen.stack")
    subprocess.run([bench, "--rows", str(args.rows), "--write-source", screen], check=True)
    with open(screen) as f:
        source = f.read()
    watch = subprocess.Popen(
        [stackc, "watch", "screen.stack", "--format", "json", "--debounce", "40"],
        cwd=directory, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out = watch.stdout.fileno()
    pending = b""

    def wait_for_header(timeout=10.0):
        """Reads until a whole new JSON line (one layout) has arrived."""
        global pending
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if b"\n" in pending:
                pending = pending.split(b"\n", 1)[1]
                return time.monotonic()
            ready, _, _ = select.select([out], [], [], 0.05)
            if ready:
                chunk = os.read(out, 1 << 20)
                if not chunk:
                    break
                pending += chunk
        raise SystemExit("no layout arrived in time")

    wait_for_header()
    latencies = []
    for save in range(args.saves):
        temporary = screen + ".tmp"
        with open(temporary, "w") as f:
            f.write(source + f"\n// save {save}\n")
        start = time.monotonic()
        os.rename(temporary, screen)
        arrived = wait_for_header()
        latencies.append((arrived - start - DEBOUNCE) * 1000)
        time.sleep(0.1)
    watch.send_signal(2)
    watch.wait(timeout=5)
    latencies.sort()
    print(f"stackc watch, {args.rows} rows, {args.saves} saves, --format json")
    print(f"save → layout printed, beyond the 40 ms debounce: median {statistics.median(latencies):.1f} ms, "
          f"min {latencies[0]:.1f} ms, 90th percentile {latencies[int(len(latencies) * 0.9) - 1]:.1f} ms")
    print(f"exit status on ctrl-C: {watch.returncode}")
