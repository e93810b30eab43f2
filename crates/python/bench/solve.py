#!/usr/bin/env python3
"""Kalah(6,4) under Irving's rules solved from nothing: the binary against this package.

    python crates/python/bench/solve.py [--mancala PATH] [--repeats R]

Each repeat runs, one after the other, `mancala solve -v kalah-irving -p 6 -s 4 --db-dir D` and
`mancala.solve(...)` of the same start (each in a fresh process with a fresh database folder D, so
both build the 17-seed database first) and reports each one's processor time (user + system, all
threads, from the child's resource usage) and wall time. On a shared machine the processor time is
the fair comparison: the wall time also counts the time spent waiting for a core.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import subprocess
import sys
import tempfile
import time

PYTHON_SOLVE = """
import sys, mancala
r = mancala.solve(mancala.load_game("kalah-irving").new_initial_state(), databases=sys.argv[1])
print(r.score, r.best_actions)
"""


def timed(command: list[str]) -> tuple[float, float, str]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, out.strip().splitlines()[-1] if out.strip() else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mancala", default=shutil.which("mancala") or "mancala")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    runs: dict[str, list[tuple[float, float]]] = {"binary": [], "python": []}
    for _ in range(args.repeats):
        for who in ("binary", "python"):
            with tempfile.TemporaryDirectory() as db:
                if who == "binary":
                    command = [args.mancala, "solve", "-v", "kalah-irving", "-p", "6", "-s", "4", "--db-dir", db]
                else:
                    command = [sys.executable, "-c", PYTHON_SOLVE, db]
                cpu, wall, last = timed(command)
            runs[who].append((cpu, wall))
            print(f"{who:6}: {cpu:6.2f} s processor, {wall:6.2f} s wall   ({last})", flush=True)
    for who, times in runs.items():
        cpus = sorted(c for c, _ in times)
        print(f"{who:6}: median {cpus[len(cpus) // 2]:.2f} s processor, best {cpus[0]:.2f} s")
    ratio = sorted(c for c, _ in runs["python"])[args.repeats // 2] / sorted(c for c, _ in runs["binary"])[args.repeats // 2]
    print(f"python / binary (medians of processor time): {ratio:.3f}")


if __name__ == "__main__":
    main()
