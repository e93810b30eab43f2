"""Action numbers of OpenSpiel's two mancala games, for porting code and comparing results.

This package numbers actions the same way for every variant: action ``a`` sows the mover's pit
``a + 1`` (pits counted from the mover's own left, the order that player sows in), and
``pits_per_side`` is the pie rule's swap. OpenSpiel differs for one of its two games:

* OpenSpiel ``mancala`` (our ``kalah-classic`` at 6x4) numbers the 14 cells of the board: South
  (player 0) plays 1..6, North (player 1) plays 8..13. Ours: South ``a`` = OpenSpiel ``a + 1``,
  North ``a`` = OpenSpiel ``a + 8`` (in general ``a + pits_per_side + 2``).
* OpenSpiel ``oware`` (our ``abapa``, at any size) numbers the mover's houses from the mover's own
  left, 0-based, as we do: the action numbers are the same.
"""

from __future__ import annotations

from ._mancala import State

__all__ = ["to_openspiel_action", "from_openspiel_action"]

_CELL_NUMBERED = ("kalah-classic",)
_SAME = ("abapa",)


def _kind(state: State) -> str:
    name = state.get_game().name
    if name in _CELL_NUMBERED:
        return "cells"
    if name in _SAME:
        return "same"
    raise ValueError(
        f"variant {name!r} has no OpenSpiel counterpart: OpenSpiel's 'mancala' is 'kalah-classic', "
        "its 'oware' is 'abapa'"
    )


def to_openspiel_action(state: State, action: int) -> int:
    """OpenSpiel's number for ``action`` played by the player to move in ``state``."""
    if _kind(state) == "same":
        return action
    n = state.get_game().pits_per_side
    return action + 1 if state.current_player() == 0 else action + n + 2


def from_openspiel_action(state: State, openspiel_action: int) -> int:
    """Our action number for OpenSpiel's ``openspiel_action`` by the player to move in ``state``.

    Raises ValueError for a number that is not one of the mover's pits in OpenSpiel's numbering.
    """
    if _kind(state) == "same":
        return openspiel_action
    n = state.get_game().pits_per_side
    first = 1 if state.current_player() == 0 else n + 2
    action = openspiel_action - first
    if not 0 <= action < n:
        raise ValueError(
            f"OpenSpiel action {openspiel_action} is not a pit of the player to move: "
            f"they play {first} to {first + n - 1}"
        )
    return action
