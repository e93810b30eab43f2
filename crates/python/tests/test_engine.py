"""Bulk random playouts and the search, with values worked out by hand."""

import numpy as np
import pytest

import mancala

# South to move with one seed left, in pit 6: it goes into the store and South's row is empty, so
# the game ends with North's 24 seeds in North's store: 24 to 24.
ONE_MOVE_LEFT = "0,0,0,0,0,1:23/4,4,4,4,4,4:0/S"
# South to move with pits 5 and 6 holding one seed each. Best: pit 6 (into the store, extra turn),
# then pit 5 into the now empty pit 6, capturing it and North's 4 opposite: South 28, North 20.
CAPTURE_AFTER_EXTRA_TURN = "0,0,0,0,1,1:22/4,4,4,4,4,4:0/S"


def test_playouts_arrays_and_their_consistency():
    game = mancala.load_game("kalah-classic")
    result = mancala.random_playouts(game, 2000, seed=11)
    assert result.plies.shape == (2000,) and result.plies.dtype == np.uint32
    assert result.stores.shape == (2000, 2) and result.stores.dtype == np.int32
    assert result.returns.shape == (2000, 2) and result.returns.dtype == np.float32
    assert result.winners.shape == (2000,) and result.winners.dtype == np.int8
    # Kalah played to the end: every seed is in a store.
    assert (result.stores.sum(axis=1) == 48).all()
    assert (result.plies > 0).all()
    south, north = result.stores[:, 0], result.stores[:, 1]
    expected = np.where(south > north, 0, np.where(north > south, 1, -1))
    assert (result.winners == expected).all()
    assert (result.returns[:, 0] == -result.returns[:, 1]).all()
    assert (result.returns[:, 0] == np.where(expected == 0, 1, np.where(expected == 1, -1, 0))).all()
    # Both sides win a fair share of random games.
    assert 0.3 < (result.winners == 0).mean() < 0.7


def test_playouts_repeat_with_the_seed():
    game = mancala.load_game("oware")
    a = mancala.random_playouts(game, 300, seed=5)
    b = mancala.random_playouts(game, 300, seed=5)
    c = mancala.random_playouts(game, 300, seed=6)
    assert (a.plies == b.plies).all() and (a.stores == b.stores).all()
    assert not (a.plies == c.plies).all()


def test_playouts_from_a_state():
    state = mancala.load_game("kalah-classic").new_initial_state(ONE_MOVE_LEFT)
    result = mancala.random_playouts(state, 50)
    assert result.plies.tolist() == [1] * 50
    assert result.stores.tolist() == [[24, 24]] * 50
    assert result.winners.tolist() == [-1] * 50
    over = mancala.load_game("kalah-classic").new_initial_state("0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#empty-side")
    done = mancala.random_playouts(over, 3)
    assert done.plies.tolist() == [0, 0, 0]
    assert done.returns.tolist() == [[-1.0, 1.0]] * 3
    assert mancala.random_playouts(over, 0).plies.shape == (0,)


def test_playouts_of_every_variant_end_with_all_seeds_counted():
    for name in mancala.variants():
        game = mancala.load_game(name)
        result = mancala.random_playouts(game, 200, seed=1)
        assert (result.stores.sum(axis=1) <= game.total_seeds).all(), name
        assert (result.plies > 0).all(), name


def test_search_finds_the_capture_after_the_extra_turn():
    state = mancala.load_game("kalah-classic").new_initial_state(CAPTURE_AFTER_EXTRA_TURN)
    result = mancala.search(state, depth=10)
    assert result.exact
    assert result.score == 8  # 28 - 20
    assert result.best_action == 5
    assert result.pv == [5, 4]
    assert result.pv_moves == "6,5"


def test_search_of_a_forced_draw_and_of_a_finished_game():
    state = mancala.load_game("kalah-classic").new_initial_state(ONE_MOVE_LEFT)
    result = mancala.search(state, nodes=1000)
    assert (result.score, result.exact, result.best_action) == (0, True, 5)
    over = mancala.load_game("kalah-classic").new_initial_state("0,0,0,0,0,0:21/0,0,0,0,0,0:27/S#empty-side")
    done = mancala.search(over, depth=3)
    assert (done.best_action, done.exact, done.pv) == (None, True, [])
    assert done.score == -6  # South, "to move", lost 21 to 27


def test_search_solves_a_small_board_and_repeats_itself():
    state = mancala.load_game("kalah", pits_per_side=3, seeds=2).new_initial_state()
    first = mancala.search(state, depth=40)
    again = mancala.search(state, depth=40)
    assert first.exact
    assert first.best_action in state.legal_actions()
    assert (first.score, first.pv, first.nodes) == (again.score, again.pv, again.nodes)
    # The principal variation is a legal line.
    line = state.clone()
    line.apply_actions(first.pv)


def test_search_on_two_threads_gives_the_exact_score_of_one():
    state = mancala.load_game("kalah", pits_per_side=4, seeds=3).new_initial_state()
    one = mancala.search(state, depth=60)
    two = mancala.search(state, depth=60, threads=2)
    assert one.exact and two.exact
    assert two.score == one.score
    assert two.best_action in state.legal_actions()
    line = state.clone()
    line.apply_actions(two.pv)


def test_search_with_a_node_limit_is_heuristic_on_the_full_board():
    state = mancala.load_game("oware").new_initial_state()
    result = mancala.search(state, nodes=20000)
    assert not result.exact
    assert result.best_action in state.legal_actions()
    assert result.nodes >= 20000 * 0.5
    timed = mancala.search(state, movetime=0.05)
    assert timed.best_action in state.legal_actions()
    assert timed.seconds < 1.0


def test_playouts_on_several_threads():
    game = mancala.load_game("abapa")
    one = mancala.random_playouts(game, 1001, seed=3, threads=3)
    again = mancala.random_playouts(game, 1001, seed=3, threads=3)
    assert one.plies.shape == (1001,)
    assert (one.plies == again.plies).all() and (one.stores == again.stores).all()
    assert (one.plies > 0).all()
    with pytest.raises(ValueError, match="threads = 0: it must be from 1 to 256"):
        mancala.random_playouts(game, 10, threads=0)


def test_playouts_from_a_state_with_history_keep_the_repetition_rule():
    # From a state part-way through an Oware game (history since the last capture matters) the
    # playouts still end, and with the same seed give the same games.
    state = mancala.load_game("oware").new_initial_state()
    state.apply_moves("1,1,2,2")
    a = mancala.random_playouts(state, 500, seed=9)
    b = mancala.random_playouts(state, 500, seed=9)
    assert (a.plies == b.plies).all()
    assert (a.plies > 0).all()
