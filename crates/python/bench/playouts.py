#!/usr/bin/env python3
"""Random playouts per second: this package against OpenSpiel's pyspiel, in the same Python loop.

    python crates/python/bench/playouts.py [--games N] [--bulk-games M] [--repeats R]

For each shared rule set (OpenSpiel `mancala` = our `kalah-classic`, OpenSpiel `oware` = our
`abapa`) it times
  * the per-step loop, one Python call per step as users write it, identical for both libraries:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    with pyspiel, with this package, and with this package's PyO3 methods in place of its direct
    CPython entry points (State._is_terminal, ... put back for the measurement: what the direct
    entry points gain);
  * the loop's own Python (rng.choice per move, no library call);
  * our bulk call mancala.random_playouts(game, M) (numpy arrays out, the GIL released), with
    threads=1 and threads=2, in wall time and in CPU time (the process's, all threads): with
    threads=2 the CPU time per game stays that of one thread when the split costs nothing, so the
    wall time halves whenever a second core is free.
Times are CPU time of this process (time.process_time), not wall time: on a shared machine the
wall time of a loop also counts the time spent waiting for a core, which moves by a factor of two
from run to run; the bulk call's wall time is printed too. The measurements alternate within each
repeat, in a rotating order; each figure is the best of R repeats, and the ratios are to pyspiel's
best in the same run.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import pyspiel

import mancala

FAST = {name: mancala.State.__dict__[name] for name in ("is_terminal", "legal_actions", "apply_action")}
PYO3 = {name: mancala.State.__dict__["_" + name] for name in FAST}


def use(methods) -> None:
    for name, method in methods.items():
        setattr(mancala.State, name, method)


def per_step(game, games: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    moves = 0
    start = time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return time.process_time() - start, moves


def floor(moves: int) -> float:
    # The loop's own cost: the same Python with the library calls taken out.
    rng, legal = random.Random(1), [0, 1, 2, 3, 4, 5]
    start = time.process_time()
    for _ in range(moves):
        rng.choice(legal)
    return time.process_time() - start


def bulk(game, games: int, threads: int) -> tuple[float, float, int]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = mancala.random_playouts(game, games, seed=1, threads=threads)
    return time.process_time() - cpu, time.perf_counter() - wall, int(result.plies.sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games in the per-step loop")
    parser.add_argument("--bulk-games", type=int, default=200000, help="games in the bulk call")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}, {os.cpu_count()} cores")

    for ours_name, theirs_name in (("kalah-classic", "mancala"), ("abapa", "oware")):
        ours, theirs = mancala.load_game(ours_name), pyspiel.load_game(theirs_name)
        best: dict[str, tuple] = {}

        def keep(key, run):
            if key not in best or run[0] < best[key][0]:
                best[key] = run

        def pyo3_methods():
            use(PYO3)
            try:
                return per_step(ours, args.games, 1)
            finally:
                use(FAST)

        runs = [
            ("pyspiel", lambda: per_step(theirs, args.games, 1)),
            ("pyo3", pyo3_methods),
            ("ours", lambda: per_step(ours, args.games, 1)),
            ("floor", lambda: (floor(100_000), 100_000)),
            ("bulk1", lambda: bulk(ours, args.bulk_games, 1)),
            ("bulk2", lambda: bulk(ours, args.bulk_games, 2)),
        ]
        for i in range(args.repeats):
            for key, run in runs[i % len(runs):] + runs[: i % len(runs)]:
                keep(key, run())

        t_theirs, m_theirs = best["pyspiel"]
        gps_theirs = args.games / t_theirs
        print(f"{ours_name} (OpenSpiel {theirs_name}):")
        print(f"  pyspiel per step   : {gps_theirs:10,.0f} games/s {t_theirs / m_theirs * 1e9:6.0f} ns a move  (per CPU second)")
        for key, label in (("ours", "mancala per step"), ("pyo3", "  PyO3 methods  ")):
            t, m = best[key]
            print(
                f"  {label}   : {args.games / t:10,.0f} games/s {t / m * 1e9:6.0f} ns a move"
                f"   {t_theirs / t:5.2f}x pyspiel"
            )
        t_floor, m_floor = best["floor"]
        print(f"  the loop alone (rng.choice per move, no library call): {t_floor / m_floor * 1e9:.0f} ns a move")
        for key, label in (("bulk1", "bulk, 1 thread "), ("bulk2", "bulk, 2 threads")):
            cpu, wall, plies = best[key]
            print(
                f"  {label}    : {args.bulk_games / cpu:10,.0f} games/s {plies / cpu:14,.0f} moves/s"
                f"   {args.bulk_games / cpu / gps_theirs:4.0f}x pyspiel  (per CPU second, all threads);"
                f" wall time {args.bulk_games / wall:10,.0f} games/s"
            )


if __name__ == "__main__":
    main()
