"""The tour script, examples/python_tour.py, runs and prints the values its seeds fix."""

import pathlib
import subprocess
import sys

TOUR = pathlib.Path(__file__).resolve().parents[3] / "examples" / "python_tour.py"


def test_tour_runs_and_prints_known_values(tmp_path):
    run = subprocess.run(
        [sys.executable, str(TOUR)], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    expected = [
        # play: Random(1) over Oware's legal actions
        "play: a random game of oware in 56 moves",
        "game over (a store holds more than half of the seeds): North wins 28 to 6",
        "returns [-1.0, 1.0], the first moves 2,5,1,3,1,5,5,4,4,2,...",
        # search: depth-limited, one thread, so the same everywhere (it changes
        # with the evaluation, as the bench signature does: Kalah's learned one)
        "search 14 moves deep: best pit 3, score +8, line 3,6,5,2,6,5,1,2,6,1,2,5,4,6",
        # solve: the exact value of Kalah(4,3) under Irving's rules
        "solve kalah-irving 4x3: value +8 for South (to move), best pit(s) 2",
        # probe: the database and the solver give the same exact value
        "probe (up to 10 seeds left): 1,4,0,0:9/4,1,0,0:5/S is worth +4 to the mover (solve: +4)",
        # batch: random_playouts(seed=7)
        "batch: 100000 random games of kalah-classic: South wins 48.5%, draws 6.3%, 44.0 moves a game",
        "vector: 256 games stepped together, mean return for South +0.016",
    ]
    for line in expected:
        assert line in lines, f"missing {line!r} in:\n{run.stdout}"
