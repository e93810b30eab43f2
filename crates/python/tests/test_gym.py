"""The Gymnasium environment: Gymnasium's own checker, episodes, rewards, illegal actions."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium", reason="the environment needs gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import mancala  # noqa: E402
from mancala.gym import MancalaEnv  # noqa: E402


@pytest.mark.parametrize("variant, level", [("kalah-classic", 0), ("oware", 2), ("kalah", 1)])
def test_gymnasium_checker_passes(variant, level):
    check_env(MancalaEnv(variant, opponent_level=level), skip_render_check=True)


def play(env, seed):
    observation, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        assert env.observation_space.contains(observation)
        legal = np.flatnonzero(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(legal)))
        assert not info["illegal_action"] and not truncated
        total += reward
        steps += 1
        if terminated:
            return total, steps, env.state


def test_episodes_end_with_the_games_return():
    env = MancalaEnv("kalah-classic", opponent_level=0)
    results = []
    for seed in range(40):
        total, steps, state = play(env, seed)
        assert state.is_terminal()
        assert total == state.returns()[0]
        results.append(total)
    assert set(results) <= {-1.0, 0.0, 1.0}
    assert 1.0 in results and -1.0 in results  # random against random: both happen


def test_a_strong_opponent_beats_random_play():
    env = MancalaEnv("kalah-classic", opponent_level=6)
    totals = [play(env, seed)[0] for seed in range(6)]
    assert sum(totals) <= -4  # the agent (random) loses nearly every game


def test_agent_as_north_lets_the_computer_open():
    env = MancalaEnv("oware", opponent_level=1, agent_player=1)
    observation, info = env.reset(seed=3)
    assert env.state.history() != [] and env.state.current_player() == 1
    assert observation.tolist() == env.state.observation_tensor(1).tolist()


def test_illegal_action_ends_the_episode_with_a_loss():
    env = MancalaEnv("kalah-classic", opponent_level=0)
    env.reset(seed=1)
    env.step(2)  # pit 3: extra turn, pit 3 now empty
    observation, reward, terminated, truncated, info = env.step(2)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)


def test_bad_settings():
    with pytest.raises(ValueError, match="opponent_level = 11"):
        MancalaEnv(opponent_level=11)
    with pytest.raises(ValueError, match="agent_player = 2"):
        MancalaEnv(agent_player=2)
    with pytest.raises(ValueError, match="unknown variant"):
        MancalaEnv("nope")
    with pytest.raises(ValueError, match="level = 0: levels are 1 to 10"):
        mancala.computer_move(mancala.load_game("oware").new_initial_state(), 0)


def test_render_ansi_is_the_board():
    env = MancalaEnv("oware", render_mode="ansi")
    env.reset(seed=0)
    assert env.render() == str(env.state)
