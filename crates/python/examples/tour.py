#!/usr/bin/env python3
"""A tour of the `mancala` package: play, search, solve, probe, batch playouts, many games at once.

    python crates/python/examples/tour.py

Trains nothing; takes a few seconds. The endgame database goes to a temporary folder.
"""

import random
import tempfile

import numpy as np

import mancala

# Play: Oware, random moves, the OpenSpiel way.
game = mancala.load_game("oware")
state = game.new_initial_state()
rng = random.Random(1)
while not state.is_terminal():
    state.apply_action(rng.choice(state.legal_actions()))
print(f"a random game of {game.name} in {state.move_number()} moves:")
print(state)
print("returns", state.returns(), "moves", state.moves()[:40] + "...")

# Search: the engine's best move at the start of Kalah (classic capture).
kalah = mancala.load_game("kalah-classic")
found = mancala.search(kalah.new_initial_state(), depth=14)
print(f"\nsearch, 14 moves deep: best pit {found.best_action + 1}, score {found.score:+d}, line {found.pv_moves}")

# Solve: a small board exactly, with every best move.
small = mancala.load_game("kalah-irving", pits_per_side=4, seeds=3)
solved = mancala.solve(small.new_initial_state(), threads=1)
best = ", ".join(str(a + 1) for a in solved.best_actions)
print(f"solve {small.name} 4x3: value {solved.score:+d} for the first player, best pit(s) {best}")

# Probe: exact values of endgames from a database.
with tempfile.TemporaryDirectory() as folder:
    db = mancala.Database.build(small, folder, max_seeds=10)
    state = small.new_initial_state()
    while db.probe(state) is None:
        state.apply_action(rng.choice(state.legal_actions()))
    print(f"database (up to {db.max_seeds} seeds): {state.position()} is worth {db.probe(state):+d} to the mover")

# Batch playouts: numpy arrays out, the GIL released.
result = mancala.random_playouts(kalah, 100_000, seed=7)
print(
    f"\n100000 random games of kalah-classic: South wins {np.mean(result.winners == 0):.1%}, "
    f"draws {np.mean(result.winners == -1):.1%}, {result.plies.mean():.1f} moves a game"
)

# Many games at once: one call steps all of them.
vec = mancala.VectorState(kalah, 256)
generator = np.random.default_rng(3)
while not vec.is_terminal().all():
    choice = (generator.random(vec.legal_actions_mask().shape) * vec.legal_actions_mask()).argmax(axis=1)
    vec.step(choice.astype(np.int64))
print(f"256 games stepped together: mean return for South {vec.returns()[:, 0].mean():+.3f}")
