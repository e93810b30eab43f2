"""The wide board: Hus on four rows of 12 (crates/core/variants/hus-12.toml, read as a user reads a
variant file) and games of more than 255 seeds, through the game, its state, the vector games,
playouts and search; what is compact by nature (the solver, the endgame databases) refuses them."""

import random
from pathlib import Path

import numpy as np
import pytest

import mancala

HUS_12 = Path(__file__).resolve().parents[2] / "core" / "variants" / "hus-12.toml"


def hus_12(**size):
    return mancala.load_game(variant_text=HUS_12.read_text(), **size)


def seeds_on_board(state):
    return sum(state.pits(0)) + sum(state.pits(1)) + sum(state.stores())


def test_hus_12_is_four_rows_of_12_with_48_pits_and_24_actions():
    game = hus_12()
    assert (game.name, game.rows, game.pits_per_row, game.pits_per_side) == ("hus-12", 4, 12, 24)
    assert (game.seeds, game.total_seeds) == (2, 72)
    assert game.num_distinct_actions() == 24
    # Both players' 24 pits and the two stores.
    assert game.observation_tensor_shape() == [50]
    state = game.new_initial_state()
    # The left six pits of each inner row start empty: pits 19 to 24 in sowing order.
    assert state.pits(0) == [2] * 18 + [0] * 6 and state.pits(1) == [2] * 18 + [0] * 6
    assert state.legal_actions() == list(range(18))
    assert state.legal_actions_mask().tolist() == [True] * 18 + [False] * 6
    obs = state.observation_tensor()
    assert obs.shape == (50,) and obs.sum() == 72
    assert "South to move" in str(state)


def test_a_sowing_on_four_rows_of_12():
    game = hus_12()
    # South's pit 1 (3 seeds) into pits 2, 3 and 4, empty: the move ends there (an outer pit
    # takes nothing).
    south = [3, 0, 0, 0] + [2] * 20
    north = [2] * 14 + [1] + [0] * 9
    start = f"{','.join(map(str, south))}:0/{','.join(map(str, north))}:0/S"
    state = game.new_initial_state(start)
    state.apply_action(0)
    assert state.pits(0) == [0, 1, 1, 1] + [2] * 20
    assert state.pits(1) == north
    assert state.current_player() == 1
    assert game.new_initial_state(state.position()).position() == state.position()


@pytest.mark.parametrize("seeds, total", [(2, 72), (8, 288)])
def test_random_games_keep_every_seed_and_read_back(seeds, total):
    game = hus_12(seeds=seeds)
    assert game.total_seeds == total
    rng = random.Random(seeds)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == [a for a, ok in enumerate(state.legal_actions_mask()) if ok]
            state.apply_action(rng.choice(legal))
            assert seeds_on_board(state) == total
            again = game.new_initial_state(state.position())
            assert again.pits(0) == state.pits(0) and again.pits(1) == state.pits(1)
            assert state.observation_tensor().sum() == total
        # Every seed in the stores at the end (to the player who could still move, or each
        # side's own under the repetition rule): a store past 255 at 8 a pit.
        south, north = state.stores()
        assert south + north == total and state.pits(0) == [0] * 24 and state.pits(1) == [0] * 24
        assert state.winner() == (0 if south > north else 1 if north > south else -1)
        replay = game.new_initial_state()
        replay.apply_actions(state.history())
        assert replay.position() == state.position()


def test_a_pit_of_more_than_255_seeds():
    game = hus_12(seeds=8)
    south = [280, 8] + [0] * 22
    start = f"{','.join(map(str, south))}:0/{','.join(['0'] * 24)}:0/S"
    state = game.new_initial_state(start)
    assert state.pits(0)[0] == 280
    assert state.observation_tensor()[0] == 280.0
    assert state.position().startswith("280,8,")
    state.apply_action(0)
    assert seeds_on_board(state) == 288


def test_vector_games_of_hus_12_match_single_states():
    game = hus_12(seeds=8)
    n = 16
    vec = mancala.VectorState(game, n)
    rng = np.random.default_rng(3)
    steps = 0
    while not vec.is_terminal().all():
        mask = vec.legal_actions_mask()
        assert mask.shape == (n, 24)
        vec.step((rng.random(mask.shape) * mask).argmax(axis=1).astype(np.int64))
        steps += 1
        assert steps < 5000
    obs = vec.observation_tensor()
    assert obs.shape == (n, 50)
    assert (vec.current_player() == -4).all()
    for i in range(n):
        state = vec.state(i)
        replay = game.new_initial_state()
        replay.apply_actions(state.history())
        assert replay.position() == state.position()
        assert vec.returns()[i].tolist() == replay.returns()
        assert obs[i].tolist() == replay.observation_tensor().tolist()
    vec.reset([0])
    assert vec.state(0).position() == game.new_initial_state().position()


def test_playouts_of_hus_12_repeat_with_the_seed_and_keep_every_seed():
    for seeds, total in [(2, 72), (8, 288)]:
        game = hus_12(seeds=seeds)
        a = mancala.random_playouts(game, 40, seed=5)
        b = mancala.random_playouts(game, 40, seed=5, threads=2)
        c = mancala.random_playouts(game, 40, seed=5)
        assert (a.plies == c.plies).all() and (a.stores == c.stores).all()
        assert b.plies.shape == (40,)
        for result in (a, b):
            assert (result.stores.sum(axis=1) == total).all()
            assert (result.plies > 0).all()
            south, north = result.stores[:, 0], result.stores[:, 1]
            assert (result.winners == np.where(south > north, 0, np.where(north > south, 1, -1))).all()


def test_search_and_the_computer_play_hus_12():
    game = hus_12()
    state = game.new_initial_state()
    result = mancala.search(state, depth=3)
    assert result.best_action in state.legal_actions()
    assert result.nodes > 0 and result.depth >= 1
    for level in (1, 5):
        assert mancala.computer_move(state, level, seed=1) in state.legal_actions()


def test_what_is_compact_by_nature_refuses_the_wide_board(tmp_path):
    game = hus_12()
    state = game.new_initial_state()
    words = r"takes only boards of the compact layout \(at most 16 pits a side on two rows, 8 a row on four rows, 255 seeds in all\), and hus-12 is 4 rows of 12 pits with 72 seeds \(the wide layout\)"
    with pytest.raises(ValueError, match="the solver " + words):
        mancala.solve(state)
    with pytest.raises(ValueError, match="an endgame database " + words):
        mancala.Database.build(game, tmp_path, max_seeds=4)
    with pytest.raises(ValueError, match="an endgame database " + words):
        mancala.Database.open(game, tmp_path)
