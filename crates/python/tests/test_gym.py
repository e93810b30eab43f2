"""The Gymnasium environment: Gymnasium's own checker, episodes, rewards, illegal actions."""

from pathlib import Path

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


HUS_12 = Path(__file__).resolve().parents[2] / "core" / "variants" / "hus-12.toml"


def test_hus_12_the_wide_board_by_name():
    env = MancalaEnv("hus-12", opponent_level=1)
    # 24 pits a side: 24 actions; both players' 24 pits and the two stores observed.
    assert env.action_space.n == 24
    assert env.observation_space.shape == (50,) and env.observation_space.high.max() == 72
    observation, info = env.reset(seed=2)
    assert observation.shape == (50,) and observation.sum() == 72
    assert info["action_mask"].tolist() == [1] * 18 + [0] * 6
    observation, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert not info["illegal_action"] and len(env.state.history()) == 2  # the computer answered
    assert observation.sum() == 72


def test_hus_12_passes_the_gymnasium_checker():
    check_env(MancalaEnv("hus-12", opponent_level=0), skip_render_check=True)


def test_a_variant_file_and_a_game_already_loaded():
    text = HUS_12.read_text()
    env = MancalaEnv(variant_text=text, seeds=8, opponent_level=0)
    assert env.game.name == "hus-12" and env.game.total_seeds == 288
    assert (env.action_space.n, env.observation_space.shape) == (24, (50,))
    total, steps, state = play(env, 4)
    assert state.is_terminal() and total == state.returns()[0]
    assert sum(state.pits(0)) + sum(state.pits(1)) + sum(state.stores()) == 288

    game = mancala.load_game("oware", pits_per_side=4, seeds=3)
    env = MancalaEnv(game, opponent_level=0)
    assert env.game is game
    assert (env.action_space.n, env.observation_space.shape) == (4, (10,))
    observation, info = env.reset(seed=0)
    assert observation.sum() == 24

    # Kalah's own file at 4 pits of 3 seeds, as text: the same game as by name.
    mine = mancala.load_game("kalah", pits_per_side=4, seeds=3).variant_text()
    assert MancalaEnv(variant_text=mine).game.total_seeds == 24
    assert MancalaEnv().game.name == "kalah-classic"


def test_a_game_of_ones_own_given_wrongly():
    game = mancala.load_game("hus-12")
    with pytest.raises(ValueError, match="a Game is played as it was loaded, without seeds"):
        MancalaEnv(game, seeds=8)
    with pytest.raises(ValueError, match="is a path; a variant file is given by its text"):
        MancalaEnv(HUS_12)
    with pytest.raises(ValueError, match="give either a variant name or variant_text"):
        MancalaEnv("oware", variant_text=HUS_12.read_text())
    with pytest.raises(ValueError, match="the variant file does not read"):
        MancalaEnv(variant_text="board = 3")
