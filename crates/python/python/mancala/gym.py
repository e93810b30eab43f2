"""A Gymnasium environment: one agent against the computer player (needs ``pip install gymnasium``).

    import mancala.gym
    env = mancala.gym.MancalaEnv("kalah-classic", opponent_level=3)
    observation, info = env.reset(seed=0)
    observation, reward, terminated, truncated, info = env.step(info["action_mask"].argmax())

The game is what :func:`mancala.load_game` loads: a built-in variant's name (and a size),
``variant_text=`` the text of a variant file (a game of one's own), or a ``Game`` already loaded:

    env = mancala.gym.MancalaEnv("hus-12", seeds=8)
    env = mancala.gym.MancalaEnv(variant_text=open("my-rules.toml").read())
    env = mancala.gym.MancalaEnv(mancala.load_game("oware", pits_per_side=4))

The agent plays South (player 0) by default (``agent_player=1``: North; the computer then moves
first). Observations are :meth:`mancala.State.observation_tensor` from the agent's side (float32);
actions are this package's action numbers (``Discrete(num_distinct_actions)``), and ``info``
carries ``action_mask`` (int8, 1 at the legal actions). The reward is the game's return for the
agent (+1, -1 or 0) when it ends, 0 before. An illegal action ends the episode with reward -1 and
``info["illegal_action"] = True``, so that any action of the action space is a valid input.
``opponent_level`` is the computer's strength, 1 to 10 (as in ``mancala play``), or 0 for
uniformly random moves.
"""

from __future__ import annotations

import os
from typing import Any, Optional, Union

import gymnasium
import numpy as np
from gymnasium import spaces

from ._mancala import Game, State, computer_move, load_game

__all__ = ["MancalaEnv"]


def _game(
    variant: Union[str, Game, None],
    pits_per_side: Optional[int],
    seeds: Optional[int],
    variant_text: Optional[str],
) -> Game:
    """The game of the environment: ``variant`` if it is a ``Game``, else what ``load_game``
    loads (``kalah-classic`` when neither a name nor ``variant_text`` is given)."""
    if isinstance(variant, Game):
        given = [
            key
            for key, value in (
                ("pits_per_side", pits_per_side),
                ("seeds", seeds),
                ("variant_text", variant_text),
            )
            if value is not None
        ]
        if given:
            raise ValueError(
                f"a Game is played as it was loaded, without {', '.join(given)}: give them to "
                "mancala.load_game, or give them here with a variant name instead of the Game"
            )
        return variant
    if isinstance(variant, os.PathLike):
        raise ValueError(
            f"variant = {variant!r} is a path; a variant file is given by its text, as to "
            "mancala.load_game: variant_text=open(path).read()"
        )
    if variant is None and variant_text is None:
        variant = "kalah-classic"
    return load_game(variant, pits_per_side=pits_per_side, seeds=seeds, variant_text=variant_text)


class MancalaEnv(gymnasium.Env):
    """One mancala game against the computer player, as a Gymnasium environment."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        variant: Union[str, Game, None] = None,
        *,
        pits_per_side: Optional[int] = None,
        seeds: Optional[int] = None,
        variant_text: Optional[str] = None,
        opponent_level: int = 1,
        agent_player: int = 0,
        render_mode: Optional[str] = None,
    ) -> None:
        if not 0 <= opponent_level <= 10:
            raise ValueError(f"opponent_level = {opponent_level}: 0 (random) or a level 1 to 10")
        if agent_player not in (0, 1):
            raise ValueError(f"agent_player = {agent_player}: 0 (South) or 1 (North)")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode = {render_mode!r}: None or 'ansi'")
        self.game = _game(variant, pits_per_side, seeds, variant_text)
        self.opponent_level = opponent_level
        self.agent_player = agent_player
        self.render_mode = render_mode
        length = self.game.observation_tensor_shape()[0]
        self.observation_space = spaces.Box(
            low=0.0, high=float(self.game.total_seeds), shape=(length,), dtype=np.float32
        )
        self.action_space = spaces.Discrete(self.game.num_distinct_actions())
        self.state: State = self.game.new_initial_state()

    def _observation(self) -> np.ndarray:
        return self.state.observation_tensor(self.agent_player)

    def _info(self, illegal: bool = False) -> dict[str, Any]:
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        mask[self.state.legal_actions()] = 1
        return {"action_mask": mask, "illegal_action": illegal, "position": self.state.position()}

    def _opponent_moves(self) -> None:
        while not self.state.is_terminal() and self.state.current_player() != self.agent_player:
            if self.opponent_level == 0:
                legal = self.state.legal_actions()
                action = legal[int(self.np_random.integers(len(legal)))]
            else:
                seed = int(self.np_random.integers(2**63))
                action = computer_move(self.state, self.opponent_level, seed)
            self.state.apply_action(action)

    def _reward(self) -> float:
        return float(self.state.returns()[self.agent_player]) if self.state.is_terminal() else 0.0

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self.state = self.game.new_initial_state()
        self._opponent_moves()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        action = int(action)
        if action not in self.state.legal_actions():
            return self._observation(), -1.0, True, False, self._info(illegal=True)
        self.state.apply_action(action)
        self._opponent_moves()
        return self._observation(), self._reward(), self.state.is_terminal(), False, self._info()

    def render(self) -> Optional[str]:
        if self.render_mode == "ansi":
            return str(self.state)
        return None
