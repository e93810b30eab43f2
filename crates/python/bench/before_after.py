#!/usr/bin/env python3
"""Per-step speed of two builds of this package in one process, against pyspiel.

    python crates/python/bench/before_after.py OLD_SO [--repeats R] [--games N]

OLD_SO is the native module (`mancala/_mancala*.so`) of another build, e.g. unpacked from an
older wheel; it is loaded beside the installed package under another name. The loop is the one
of playouts.py (`is_terminal`, `legal_actions`, `rng.choice`, `apply_action`), timed in CPU time
of the process, the three libraries in a rotating order within each repeat, best of R.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import time

import pyspiel

import mancala


def per_step(game, games: int, seed: int = 1) -> tuple[float, int]:
    rng = random.Random(seed)
    moves = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return time.process_time() - start, moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old_so", help="the other build's mancala/_mancala*.so")
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()
    spec = importlib.util.spec_from_file_location("before._mancala", args.old_so)
    before = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(before)
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}, {os.cpu_count()} cores")
    for ours, theirs in (("kalah-classic", "mancala"), ("abapa", "oware")):
        libs = [
            ("pyspiel", pyspiel.load_game(theirs)),
            ("before", before.load_game(ours)),
            ("after", mancala.load_game(ours)),
        ]
        best = {name: (float("inf"), 1) for name, _ in libs}
        for i in range(args.repeats):
            for name, game in libs[i % 3 :] + libs[: i % 3]:
                run = per_step(game, args.games)
                if run[0] < best[name][0]:
                    best[name] = run
        theirs_ns = best["pyspiel"][0] / best["pyspiel"][1]
        line = [f"{ours}: pyspiel {theirs_ns * 1e9:.0f} ns a move"]
        for name in ("before", "after"):
            t, m = best[name]
            line.append(f"{name} {t / m * 1e9:.0f} ns a move ({theirs_ns / (t / m):.2f}x)")
        print("; ".join(line))


if __name__ == "__main__":
    main()
