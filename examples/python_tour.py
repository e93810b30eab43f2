#!/usr/bin/env python3
"""A tour of the `mancala` Python package: play, search, solve, probe, batch playouts.

    pip install ./crates/python      # once (needs cargo)
    python examples/python_tour.py

Trains nothing and takes a second or two. The endgame database goes to a temporary folder that is
removed at the end. Every value printed is fixed by the seeds given here (a test checks them).
"""

import random
import tempfile

import numpy as np

import mancala

# Play: Oware with random moves, written the OpenSpiel way.
game = mancala.load_game("oware")
state = game.new_initial_state()
rng = random.Random(1)
while not state.is_terminal():
    state.apply_action(rng.choice(state.legal_actions()))
print(f"play: a random game of {game.name} in {state.move_number()} moves")
print(state)
print(f"returns {state.returns()}, the first moves {state.moves()[:20]}...")

# Search: the engine's best move at the start of Kalah (the classic capture rule).
kalah = mancala.load_game("kalah-classic")
found = mancala.search(kalah.new_initial_state(), depth=14)
print(f"\nsearch 14 moves deep: best pit {found.best_action + 1}, score {found.score:+d}, line {found.pv_moves}")

# Solve: a small board exactly, with every best move.
small = mancala.load_game("kalah-irving", pits_per_side=4, seeds=3)
solved = mancala.solve(small.new_initial_state(), threads=1)
best = ", ".join(str(a + 1) for a in solved.best_actions)
print(f"solve {small.name} 4x3: value {solved.score:+d} for South (to move), best pit(s) {best}")

# Probe: exact values of endgames from a database, the labels a learner can train on.
with tempfile.TemporaryDirectory() as folder:
    db = mancala.Database.build(small, folder, max_seeds=10)
    state = small.new_initial_state()
    while db.probe(state) is None:
        state.apply_action(rng.choice(state.legal_actions()))
    value = db.probe(state)
    check = mancala.solve(state, threads=1).score  # the solver agrees
    print(f"probe (up to {db.max_seeds} seeds left): {state.position()} is worth {value:+d} to the mover (solve: {check:+d})")

# Batch playouts: one call, numpy arrays out, the GIL released while Rust plays.
result = mancala.random_playouts(kalah, 100_000, seed=7)
print(
    f"\nbatch: 100000 random games of kalah-classic: South wins {np.mean(result.winners == 0):.1%}, "
    f"draws {np.mean(result.winners == -1):.1%}, {result.plies.mean():.1f} moves a game"
)

# Many games at once: one call steps all of them, from a numpy array of actions.
games = mancala.VectorState(kalah, 256)
generator = np.random.default_rng(3)
while not games.is_terminal().all():
    mask = games.legal_actions_mask()
    games.step((generator.random(mask.shape) * mask).argmax(axis=1).astype(np.int64))
print(f"vector: 256 games stepped together, mean return for South {games.returns()[:, 0].mean():+.3f}")
