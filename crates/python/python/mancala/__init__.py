"""The mancala family of board games from Python.

Kalah (with and without the pie rule), Oware, Awari, Abapa, Manchester Kalah, relay Kalah and any
rule set written as a variant file, played by one fast Rust core, with an OpenSpiel-shaped API::

    import mancala

    game = mancala.load_game("oware")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state)             # the board
    print(state.returns())   # [1.0, -1.0]: South (player 0) won

Actions: ``a`` in ``0 .. pits_per_side - 1`` sows the mover's pit ``a + 1`` (pits counted from the
mover's own left); ``pits_per_side`` is the pie rule's swap. See docs/python.md for the mapping to
OpenSpiel's ``mancala`` and ``oware`` action numbers.
"""

from ._mancala import (
    Database,
    Game,
    IllegalActionError,
    Playouts,
    SearchResult,
    SolveResult,
    State,
    VectorState,
    computer_move,
    load_game,
    random_playouts,
    search,
    solve,
    variants,
)

__all__ = [
    "Database",
    "Game",
    "IllegalActionError",
    "Playouts",
    "SearchResult",
    "SolveResult",
    "State",
    "VectorState",
    "computer_move",
    "load_game",
    "random_playouts",
    "search",
    "solve",
    "variants",
]

__version__ = "0.1.0"
