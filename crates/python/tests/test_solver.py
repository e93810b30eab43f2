"""The exact solver and endgame databases, checked against the search and against hand values."""

import random

import pytest

import mancala

CAPTURE_AFTER_EXTRA_TURN = "0,0,0,0,1,1:22/4,4,4,4,4,4:0/S"


def test_solve_a_hand_worked_position():
    state = mancala.load_game("kalah-classic").new_initial_state(CAPTURE_AFTER_EXTRA_TURN)
    result = mancala.solve(state, threads=1, table_mb=4)
    assert result.score == 8 and result.margin == 8
    assert result.best_actions == [5]


@pytest.mark.parametrize("name, pits, seeds", [("kalah", 3, 2), ("kalah-irving", 4, 1), ("kalah-classic", 3, 3)])
def test_solve_agrees_with_an_exact_search(name, pits, seeds):
    state = mancala.load_game(name, pits_per_side=pits, seeds=seeds).new_initial_state()
    solved = mancala.solve(state, threads=1, table_mb=4)
    searched = mancala.search(state, depth=120)
    assert searched.exact
    assert solved.score == searched.score
    assert searched.best_action in solved.best_actions
    assert set(solved.best_actions) <= set(state.legal_actions())


def test_solve_from_north_gives_the_score_for_north():
    state = mancala.load_game("kalah-classic", pits_per_side=3, seeds=3).new_initial_state()
    state.apply_action(1)  # pit 2: its last seed reaches North's row, North to move
    assert state.current_player() == 1
    solved = mancala.solve(state, threads=1, table_mb=4)
    assert solved.score == -solved.margin
    assert solved.score == mancala.search(state, depth=120).score


def test_solve_reports_progress_and_stops_on_a_callback_error():
    state = mancala.load_game("kalah-classic", pits_per_side=4, seeds=3).new_initial_state()
    events = []
    result = mancala.solve(state, threads=1, table_mb=4, progress=events.append)
    bounds = [e for e in events if e["event"] == "bounds"]
    assert bounds, events
    assert bounds[-1]["lower"] <= bounds[-1]["upper"]

    def fail(_event):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        mancala.solve(state, threads=1, table_mb=4, progress=fail)
    assert result.best_actions


def test_solve_refuses_what_it_cannot_do():
    with pytest.raises(ValueError, match="cannot solve oware"):
        mancala.solve(mancala.load_game("oware").new_initial_state())
    state = mancala.load_game("kalah-classic").new_initial_state()
    with pytest.raises(ValueError, match="threads = 0"):
        mancala.solve(state, threads=0)
    with pytest.raises(ValueError, match="db_seeds needs databases"):
        mancala.solve(state, db_seeds=3)


def test_database_probe_agrees_with_the_search(tmp_path):
    game = mancala.load_game("kalah-irving", pits_per_side=4, seeds=3)
    db = mancala.Database.build(game, tmp_path, max_seeds=8)
    assert db.max_seeds == 8 and db.exact
    again = mancala.Database.open(game, tmp_path)
    rng = random.Random(3)
    checked = 0
    for _ in range(60):
        state = game.new_initial_state()
        while not state.is_terminal():
            left = sum(state.pits(0)) + sum(state.pits(1))
            value = db.probe(state)
            if left > 8:
                assert value is None
            else:
                assert value == mancala.search(state, depth=120).score, state.position()
                assert again.probe(state) == value
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100


def test_database_errors(tmp_path):
    game = mancala.load_game("kalah-irving", pits_per_side=4, seeds=3)
    with pytest.raises(FileNotFoundError, match="no endgame database of kalah-irving"):
        mancala.Database.open(game, tmp_path)
    db = mancala.Database.build(game, tmp_path, max_seeds=4)
    other = mancala.load_game("kalah-irving", pits_per_side=3, seeds=3).new_initial_state()
    with pytest.raises(ValueError, match="this database is for kalah-irving with 4 pits a side"):
        db.probe(other)
    with pytest.raises(ValueError, match="max_seeds = 500"):
        mancala.Database.build(game, tmp_path, max_seeds=500)
