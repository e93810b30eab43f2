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


def minimax(state, seen, memo, limit=30_000):
    """South's store minus North's at the end under perfect play, by plain minimax over the
    package's rules (which end a game at a repeated position themselves): the value depends on
    the position and on the positions since the stores last changed (`seen`), the memo's key.
    None when the memo outgrows `limit`."""
    if state.is_terminal():
        stores = state.stores()
        return stores[0] - stores[1]
    position, stores = state.position(), state.stores()
    key = (position, seen)
    if key not in memo:
        if len(memo) >= limit:
            return None
        values = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            after = seen | {position} if child.stores() == stores else frozenset()
            value = minimax(child, after, memo, limit)
            if value is None:
                return None
            values.append(value)
        memo[key] = max(values) if state.current_player() == 0 else min(values)
    return memo[key]


def history_since_capture(state):
    """The positions of the state's game since the stores last changed (before the current one)."""
    replay, seen = state.get_game().new_initial_state(), frozenset()
    for action in state.history():
        position, stores = replay.position(), replay.stores()
        replay.apply_action(action)
        seen = seen | {position} if replay.stores() == stores else frozenset()
    return seen


@pytest.mark.parametrize("name", ["oware", "abapa", "awari"])
def test_solve_under_a_repetition_rule_agrees_with_a_plain_minimax(name):
    # Positions a few random moves into 2-pit games, many with a history since the last
    # capture (which the repetition rule counts): solved by search, checked against a minimax
    # written here, the value and every best action.
    game = mancala.load_game(name, pits_per_side=2, seeds=3)
    rng = random.Random(7)
    checked = with_history = 0
    for _ in range(40):
        state = game.new_initial_state()
        for _ in range(rng.randint(2, 10)):
            if not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        seen, memo = history_since_capture(state), {}
        value = minimax(state, seen, memo)
        if value is None:
            continue  # too large for the plain minimax
        solved = mancala.solve(state, table_mb=4)
        assert solved.method == "search" and not solved.played_to_the_end
        assert solved.margin == value, state.history()
        sign = 1 if state.current_player() == 0 else -1
        assert solved.score == sign * value
        best = []
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            after = seen | {state.position()} if child.stores() == state.stores() else frozenset()
            if minimax(child, after, memo, limit=10**9) == value:
                best.append(action)
        assert solved.best_actions == best, state.history()
        checked += 1
        with_history += bool(seen)
    assert checked >= 12 and with_history >= 8, (checked, with_history)


def test_solve_awari_from_the_database_and_by_search(tmp_path):
    game = mancala.load_game("awari", pits_per_side=3, seeds=2)
    state = game.new_initial_state()
    notes = []
    from_db = mancala.solve(state, databases=tmp_path, progress=notes.append)
    assert from_db.method == "database" and from_db.played_to_the_end and from_db.nodes == 0
    assert any("building the endgame database up to 12 seeds" in e.get("text", "") for e in notes)
    # By search over the same game played to the end, the database probed below the root.
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        if child.stores() != state.stores():
            continue  # a capture: fresh again, read from the database
        searched = mancala.solve(child, databases=tmp_path, table_mb=4)
        assert searched.method == "search" and searched.played_to_the_end
        # The root's value is the best of its children's (no capture: the same stores).
        assert searched.margin <= from_db.margin
        if action in from_db.best_actions:
            assert searched.margin == from_db.margin
    # Without the database: the game's own rules (a majority ends it), the same winner.
    own = mancala.solve(state, table_mb=4)
    assert own.method == "search" and not own.played_to_the_end
    assert (own.margin > 0) == (from_db.margin > 0) and (own.margin < 0) == (from_db.margin < 0)


def test_solve_by_search_reports_each_depth():
    state = mancala.load_game("oware", pits_per_side=3, seeds=2).new_initial_state()
    events = []
    result = mancala.solve(state, table_mb=4, progress=events.append)
    depths = [e for e in events if e["event"] == "depth"]
    assert [e["depth"] for e in depths] == sorted(e["depth"] for e in depths)
    assert depths[-1]["exact"] and depths[-1]["score"] == result.score
    assert events[0] == {"event": "note", "text": events[0]["text"]}
    assert "solving by search: " in events[0]["text"]


def test_solve_refuses_what_it_cannot_do(tmp_path):
    oware = mancala.load_game("oware").new_initial_state()
    with pytest.raises(ValueError, match="leave out db_seeds"):
        mancala.solve(oware, databases=tmp_path, db_seeds=8)
    with pytest.raises(ValueError, match="table_mb = 1048576: a solve by search takes from 1 to"):
        mancala.solve(oware, table_mb=1 << 20)
    over = mancala.load_game("oware", pits_per_side=2, seeds=1).new_initial_state()
    while not over.is_terminal():
        over.apply_action(over.legal_actions()[0])
    with pytest.raises(ValueError, match="cannot solve oware: the game is over"):
        mancala.solve(over)
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
