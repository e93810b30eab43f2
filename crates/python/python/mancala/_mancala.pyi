"""Type stubs of the native module `mancala._mancala` (re-exported by `mancala`)."""

import os
from typing import Any, Callable, Optional, Union, final

import numpy as np
import numpy.typing as npt

@final
class IllegalActionError(ValueError):
    """An action that is not legal in the state it was applied to."""

def variants() -> list[str]:
    """The names of the built-in variants."""

def load_game(
    name: Optional[str] = None,
    *,
    pits_per_side: Optional[int] = None,
    seeds: Optional[int] = None,
    variant_text: Optional[str] = None,
) -> Game:
    """A built-in variant by name, or the text of a variant file; optionally at another size.

    Raises ValueError for an unknown name, a bad variant file or a size the rules do not allow.
    """

@final
class Game:
    """A variant at one board size. Immutable; shared by the states made from it."""

    @property
    def name(self) -> str: ...
    @property
    def pits_per_side(self) -> int: ...
    @property
    def rows(self) -> int:
        """Rows of pits on the board: 2, or 4 (each player owns two rows)."""
    @property
    def pits_per_row(self) -> int:
        """Pits in each row: pits_per_side on two rows, half of it on four."""
    @property
    def any_pits(self) -> bool:
        """Whether a move may start from a pit of either row (its actions then 0 to 2 * pits_per_side - 1)."""
    @property
    def seeds(self) -> int:
        """Seeds in each pit at the start."""
    @property
    def total_seeds(self) -> int: ...
    @property
    def pie_rule(self) -> bool: ...
    def variant_text(self) -> str:
        """The rules as the text of a variant file (TOML)."""
    def num_players(self) -> int: ...
    def num_distinct_actions(self) -> int:
        """pits_per_side sowings (twice that under any_pits), plus the swap under the pie rule;
        2 * pits_per_side + 1 where the mover chooses a pit's direction (docs/python.md)."""
    def observation_tensor_shape(self) -> list[int]: ...
    def new_initial_state(self, position: Optional[str] = None) -> State:
        """The start of a game, or the given position string (no history before it)."""

@final
class State:
    """A game in progress. ``str(state)`` draws the board."""

    def get_game(self) -> Game: ...
    def legal_actions(self) -> list[int]:
        """The legal actions, ascending; empty once the game is over."""
    def legal_actions_mask(self) -> npt.NDArray[np.bool_]: ...
    def apply_action(self, action: int) -> None:
        """Plays an action; raises IllegalActionError (state unchanged) when it is not legal."""
    def apply_actions(self, actions: list[int]) -> None: ...
    def apply_moves(self, moves: str) -> None:
        """Plays moves in the notation, e.g. ``"3,swap,1"`` (pit numbers are 1-based)."""
    def clone(self) -> State: ...
    def __copy__(self) -> State: ...
    def __deepcopy__(self, memo: object) -> State: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]:
        """[1.0, -1.0] South won, [-1.0, 1.0] North won, [0.0, 0.0] draw or not over."""
    def current_player(self) -> int:
        """0 (South), 1 (North), or -4 once the game is over."""
    def observation_tensor(self, player: Optional[int] = None) -> npt.NDArray[np.float32]:
        """Own pits, opponent's pits, own store, opponent's store (+ swap flag under the pie rule)."""
    def history(self) -> list[int]: ...
    def moves(self) -> str: ...
    def move_number(self) -> int: ...
    def position(self) -> str:
        """The position string, e.g. ``"4,4,4,4,4,4:0/4,4,4,4,4,4:0/S"``."""
    def pits(self, player: int) -> list[int]:
        """The seeds in a player's pits, from that player's own left."""
    def stores(self) -> list[int]:
        """[South's store, North's store]."""
    def claimed_pit(self, player: int) -> Optional[int]:
        """The opponent's pit (from 1, from its owner's left) a player has claimed (tuzdyk)."""
    def claims(self, player: int) -> list[Optional[int]]:
        """Who has claimed each pit of a player's row, from its owner's left: 0, 1 or None."""
    def out_of_play(self, player: int) -> list[int]:
        """Under [rounds]: a player's pits (from 1, from its owner's left) out of play this round."""
    def winner(self) -> Optional[int]:
        """0 South, 1 North, -1 draw; None while the game goes on."""
    def end_reason(self) -> Optional[str]: ...
    def next_round(self) -> Optional[State]:
        """Under [rounds], once the round is over: the next round's first state; None when the match is over."""
    def match_end(self) -> Optional[str]:
        """Once the match is over: "cannot-fill", "repeated-round" (drawn) or "round"; else None."""
    def action_to_string(self, action: int) -> str: ...
    def string_to_action(self, text: str) -> int: ...

@final
class Playouts:
    """Results of random_playouts, one entry per game."""

    @property
    def plies(self) -> npt.NDArray[np.uint32]: ...
    @property
    def stores(self) -> npt.NDArray[np.int32]:
        """Shape (games, 2): final [South, North] stores."""
    @property
    def returns(self) -> npt.NDArray[np.float32]:
        """Shape (games, 2): OpenSpiel returns."""
    @property
    def winners(self) -> npt.NDArray[np.int8]:
        """0 South, 1 North, -1 draw."""

def random_playouts(start: Union[Game, State], games: int, seed: int = 0, threads: int = 1) -> Playouts:
    """Uniformly random games from start to the end, in Rust without the GIL."""

@final
class SearchResult:
    @property
    def score(self) -> int:
        """Final store margin for the player to move under best play (as far as searched)."""
    @property
    def exact(self) -> bool: ...
    @property
    def best_action(self) -> Optional[int]: ...
    @property
    def pv(self) -> list[int]: ...
    @property
    def pv_moves(self) -> str: ...
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...

def search(
    state: State,
    *,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    movetime: Optional[float] = None,
    hash_mb: int = 16,
    threads: int = 1,
) -> SearchResult:
    """The engine's best action for state; at least one limit is required."""

@final
class SolveResult:
    @property
    def score(self) -> int:
        """Final store margin for the player to move under perfect play."""
    @property
    def margin(self) -> int:
        """South's store minus North's at the end under perfect play."""
    @property
    def best_actions(self) -> list[int]: ...
    @property
    def nodes(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def method(self) -> str:
        """How the value was proven: "solver", "database" or "search"."""
    @property
    def played_to_the_end(self) -> bool:
        """The value is that of the game played to the end (awari's majority rule off)."""

def solve(
    state: State,
    *,
    databases: Optional[Union[str, "os.PathLike[str]"]] = None,
    db_seeds: Optional[int] = None,
    threads: Optional[int] = None,
    table_mb: Optional[int] = None,
    progress: Optional[Callable[[dict[str, Any]], object]] = None,
) -> SolveResult:
    """The exact value and every best action, for every variant (under a repetition rule from
    the database or by search, which raises RuntimeError if it cannot prove the value);
    Ctrl-C raises KeyboardInterrupt."""

@final
class Database:
    """An endgame database: exact values of the boards with few seeds left."""

    @staticmethod
    def build(
        game: Game, folder: Union[str, "os.PathLike[str]"], max_seeds: int, threads: int = 1
    ) -> Database: ...
    @staticmethod
    def open(game: Game, folder: Union[str, "os.PathLike[str]"]) -> Database:
        """Raises FileNotFoundError when the folder holds no database of the game."""
    @property
    def max_seeds(self) -> int: ...
    @property
    def exact(self) -> bool: ...
    @property
    def folder(self) -> str: ...
    def probe(self, state: State) -> Optional[int]:
        """Final store margin for the player to move, or None when not covered."""

@final
class VectorState:
    """n games of one variant stepped together from numpy arrays, without the GIL."""

    def __init__(self, game: Game, n: int) -> None: ...
    def __len__(self) -> int: ...
    def step(self, actions: npt.NDArray[np.int64]) -> None:
        """One action per game (ignored for finished games); all checked before any is played."""
    def reset(self, games: Optional[list[int]] = None) -> None: ...
    def is_terminal(self) -> npt.NDArray[np.bool_]: ...
    def current_player(self) -> npt.NDArray[np.int64]: ...
    def returns(self) -> npt.NDArray[np.float32]: ...
    def legal_actions_mask(self) -> npt.NDArray[np.bool_]: ...
    def observation_tensor(self) -> npt.NDArray[np.float32]: ...
    def state(self, i: int) -> State: ...

def computer_move(state: State, level: int, seed: int = 0) -> int:
    """The computer player's action at strength level (1 to 10)."""
