"""Many games stepped at once from numpy arrays (VectorState), checked against single States."""

import numpy as np
import pytest

import mancala


@pytest.mark.parametrize("name", ["kalah", "oware", "kalah-classic"])
def test_vector_games_match_single_states(name):
    game = mancala.load_game(name)
    n = 64
    vec = mancala.VectorState(game, n)
    assert len(vec) == n
    rng = np.random.default_rng(5)
    steps = 0
    while not vec.is_terminal().all():
        mask = vec.legal_actions_mask()
        assert mask.shape == (n, game.num_distinct_actions())
        # A random legal action per game (any number for a finished game).
        scores = rng.random(mask.shape) * mask
        actions = scores.argmax(axis=1).astype(np.int64)
        vec.step(actions)
        steps += 1
        assert steps < 5000
    returns = vec.returns()
    obs = vec.observation_tensor()
    players = vec.current_player()
    assert returns.shape == (n, 2) and obs.shape == (n, game.observation_tensor_shape()[0])
    assert (players == -4).all()
    for i in range(n):
        state = vec.state(i)
        replay = game.new_initial_state()
        replay.apply_actions(state.history())
        assert replay.position() == state.position()
        assert returns[i].tolist() == replay.returns()
        assert obs[i].tolist() == replay.observation_tensor().tolist()


def test_vector_step_checks_every_action_first():
    game = mancala.load_game("kalah-classic")
    vec = mancala.VectorState(game, 3)
    vec.step(np.array([2, 0, 5]))
    before = [vec.state(i).position() for i in range(3)]
    # Game 0 sowed pit 3 (extra turn): pit 3 is empty now.
    with pytest.raises(mancala.IllegalActionError, match=r"game 0: action 2 \(sow pit 3\) is illegal here: pit 3 is empty"):
        vec.step(np.array([2, 0, 0]))
    assert [vec.state(i).position() for i in range(3)] == before
    with pytest.raises(ValueError, match="2 actions for 3 games"):
        vec.step(np.array([0, 1]))
    with pytest.raises(mancala.IllegalActionError, match="game 1: action 7 does not exist"):
        vec.step(np.array([0, 7, 0]))
    with pytest.raises(ValueError, match="game 3 does not exist: games are numbered 0 to 2"):
        vec.state(3)
    with pytest.raises(ValueError, match="n = 0"):
        mancala.VectorState(game, 0)


def test_vector_reset():
    game = mancala.load_game("oware")
    vec = mancala.VectorState(game, 4)
    vec.step(np.array([0, 1, 2, 3]))
    vec.reset([1, 3])
    assert vec.state(1).history() == [] and vec.state(3).history() == []
    assert vec.state(0).history() == [0] and vec.state(2).history() == [2]
    vec.reset()
    assert all(vec.state(i).history() == [] for i in range(4))
    assert vec.current_player().tolist() == [0, 0, 0, 0]
    with pytest.raises(ValueError, match="game 9 does not exist"):
        vec.reset([9])
