"""The tour script in examples/ runs and prints the known values."""

import pathlib
import subprocess
import sys

TOUR = pathlib.Path(__file__).resolve().parent.parent / "examples" / "tour.py"


def test_tour_runs_and_prints_known_values(tmp_path):
    run = subprocess.run(
        [sys.executable, str(TOUR)], cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert "solve kalah-irving 4x3: value +8 for the first player, best pit(s) 2" in run.stdout
    assert "100000 random games of kalah-classic" in run.stdout
    assert "game over" in run.stdout
