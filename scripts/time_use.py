#!/usr/bin/env python3
"""Time use of `mancala engine` at a fixed time a move (docs/engine.md).

    python3 scripts/time_use.py MANCALA MOVETIME_MS COUNT [ENGINE OPTIONS...]

Sends `go movetime MS` from COUNT positions of random abapa games (4 to 89
random moves from the start, drawn with a fixed seed; forced moves and
positions solved before the time are left out), measures the wall time
from sending `go` to reading `bestmove`, and prints every move, then the
smallest, median and largest fraction of the time used and the largest
overshoot in milliseconds. The book is off: its moves take no time."""
import random, statistics, subprocess, sys, time

binary, movetime, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
extra = sys.argv[4:]
p = subprocess.Popen([binary, "engine", "--variant", "abapa", "--book", "off"] + extra,
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

def send(line):
    p.stdin.write(line + "\n"); p.stdin.flush()

def read_until(prefix):
    lines = []
    while True:
        line = p.stdout.readline()
        if not line:
            sys.exit("engine ended")
        lines.append(line.strip())
        if line.startswith(prefix):
            return lines

send("isready"); read_until("readyok")
rng = random.Random(7)
fractions, overs, rows = [], [], []
n = 0
while n < count:
    plies = rng.randrange(4, 90)
    moves = []
    # Random legal moves, the engine's `d` listing them.
    ok = True
    for _ in range(plies):
        send("position startpos moves " + " ".join(moves) if moves else "position startpos")
        send("d"); send("isready")
        out = read_until("readyok")
        legal = [l for l in out if l.startswith("legal")]
        if not legal or len(legal[0].split()) < 2:
            ok = False
            break
        moves.append(rng.choice(legal[0].split()[1:]))
    if not ok or not moves:
        continue
    send("position startpos moves " + " ".join(moves))
    send("d"); send("isready")
    out = read_until("readyok")
    legal = [l for l in out if l.startswith("legal")]
    if not legal or len(legal[0].split()) < 3:
        continue  # over, or a forced move
    t0 = time.monotonic()
    send(f"go movetime {movetime}")
    out = read_until("bestmove")
    t = (time.monotonic() - t0) * 1000
    info = [l for l in out if l.startswith("info") and " depth " in l]
    exact = any(" exact true" in l for l in info[-1:])
    last = info[-1] if info else ""
    rows.append((len(moves), t, exact, last))
    if exact:
        continue  # solved before the time: nothing left to search
    fractions.append(t / movetime)
    overs.append(t - movetime)
    n += 1
send("quit")
for r in rows:
    print(f"ply {r[0]:3d} {r[1]:7.1f} ms exact={r[2]} | {r[3][:110]}")
fractions.sort()
print(f"moves {len(fractions)} (plus {len(rows) - len(fractions)} solved before the time, left out)")
print(f"fraction used: min {fractions[0]:.3f} median {statistics.median(fractions):.3f} max {fractions[-1]:.3f}")
print(f"overshoot: max {max(overs):+.1f} ms, median {statistics.median(overs):+.1f} ms")
