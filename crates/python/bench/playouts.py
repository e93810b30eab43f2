#!/usr/bin/env python3
"""Random playouts per second: this package against OpenSpiel's pyspiel, in the same Python loop.

    python crates/python/bench/playouts.py [--games N] [--bulk-games M] [--repeats R]

For each shared rule set (OpenSpiel `mancala` = our `kalah-classic`, OpenSpiel `oware` = our
`abapa`) it times
  * the per-step loop, one Python call per step as users write it, identical for both libraries:
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
  * our bulk call mancala.random_playouts(game, M) (numpy arrays out, the GIL released),
and the same with threads=2, and prints games per second and moves per second, best of R runs, and the ratios to pyspiel.
"""

from __future__ import annotations

import argparse
import random
import time

import pyspiel

import mancala


def per_step(game, games: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    moves = 0
    start = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
    return time.perf_counter() - start, moves


def best_of(repeats: int, run) -> tuple[float, int]:
    return min((run() for _ in range(repeats)), key=lambda r: r[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games in the per-step loop")
    parser.add_argument("--bulk-games", type=int, default=200000, help="games in the bulk call")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()

    for ours_name, theirs_name in (("kalah-classic", "mancala"), ("abapa", "oware")):
        ours, theirs = mancala.load_game(ours_name), pyspiel.load_game(theirs_name)
        t_theirs, m_theirs = best_of(args.repeats, lambda: per_step(theirs, args.games, 1))
        t_ours, m_ours = best_of(args.repeats, lambda: per_step(ours, args.games, 1))

        def bulk():
            start = time.perf_counter()
            result = mancala.random_playouts(ours, args.bulk_games, seed=1)
            return time.perf_counter() - start, int(result.plies.sum())

        def bulk2():
            start = time.perf_counter()
            result = mancala.random_playouts(ours, args.bulk_games, seed=1, threads=2)
            return time.perf_counter() - start, int(result.plies.sum())

        def floor():
            # The loop's own cost: the same Python with the library calls taken out.
            rng, legal = random.Random(1), [0, 1, 2, 3, 4, 5]
            start = time.perf_counter()
            for _ in range(m_ours):
                rng.choice(legal)
            return time.perf_counter() - start, m_ours

        t_bulk, m_bulk = best_of(args.repeats, bulk)
        t_bulk2, m_bulk2 = best_of(args.repeats, bulk2)
        t_floor, m_floor = best_of(args.repeats, floor)
        gps_theirs = args.games / t_theirs
        gps_ours = args.games / t_ours
        gps_bulk = args.bulk_games / t_bulk
        print(f"{ours_name} (OpenSpiel {theirs_name}):")
        print(f"  pyspiel per step : {gps_theirs:12,.0f} games/s {m_theirs / t_theirs:14,.0f} moves/s")
        print(
            f"  mancala per step : {gps_ours:12,.0f} games/s {m_ours / t_ours:14,.0f} moves/s"
            f"   {gps_ours / gps_theirs:6.1f}x pyspiel"
        )
        print(
            f"  mancala bulk     : {gps_bulk:12,.0f} games/s {m_bulk / t_bulk:14,.0f} moves/s"
            f"   {gps_bulk / gps_theirs:6.0f}x pyspiel"
        )
        gps_bulk2 = args.bulk_games / t_bulk2
        print(
            f"  mancala bulk, 2 threads: {gps_bulk2:6,.0f} games/s {m_bulk2 / t_bulk2:14,.0f} moves/s"
            f"   {gps_bulk2 / gps_theirs:6.0f}x pyspiel"
        )
        print(
            f"  the loop alone (rng.choice per move): {t_floor / m_floor * 1e9:.0f} ns a move;"
            f" pyspiel's loop {t_theirs / m_theirs * 1e9:.0f} ns, ours {t_ours / m_ours * 1e9:.0f} ns"
        )


if __name__ == "__main__":
    main()
