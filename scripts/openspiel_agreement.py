#!/usr/bin/env python3
"""Agreement test: our engine (`mancala state --batch`) against OpenSpiel.

Random games are played with OpenSpiel (`pyspiel`, from `pip install open-spiel`), uniformly at
random among the legal moves, from a seeded RNG (the same --seed gives the same games). After every
prefix of every game the position OpenSpiel reports is compared with the position our engine reports
for the same move list: both rows, both stores/scores, the player to move, the terminal flag, the set
of legal moves and, at the end, the winner. All prefixes of all games of one configuration go to ONE
`mancala state --batch` process.

Configurations
--------------
* OpenSpiel `mancala` against our `kalah-classic` at 6x4 (OpenSpiel's mancala has no parameters).
* OpenSpiel `oware(num_houses_per_player=H,num_seeds_per_house=S)` against our `abapa` at HxS.

How OpenSpiel is read (taken from its source, open_spiel/games/mancala/mancala.{h,cc} and
open_spiel/games/oware.{h,cc}, oware/oware_board.h; and checked at run time, see below)
-------------------------------------------------------------------------------------------------
mancala: the board is 14 cells, `observation_tensor()` = the 14 cells, then the current player, then
  the move number. Cell 0 is player 1's (North's) store, cells 1..6 are player 0's (South's) pits in
  sowing order (South's pit k = cell k), cell 7 is South's store, cells 8..13 are North's pits in
  sowing order (North's pit k = cell 7 + k). Cell i faces cell 14 - i, so South's pit k faces North's
  pit 7 - k, as in our rules. An action id IS the cell index: South plays 1..6 (= our pit number),
  North plays 8..13 (= our pit number + 7). str(state) prints North's pits from cell 13 down to 8,
  the two stores, then South's pits from cell 1 to 6; it is parsed too and must agree with the tensor.
oware: `OwareBoard.seeds` holds 2H houses, house 0..H-1 = player 0 (South) from South's left,
  house H..2H-1 = player 1 (North) from North's left (sowing order); `score[p]` is the store of p.
  An action is 0..H-1 for either player = our pit number - 1. The board is read from str(state)
  ("Player 1 score = N", North's houses printed from house 2H-1 down to H, South's from 0 to H-1,
  "Player 0 score = N") and cross-checked with `observation_tensor()` (= seeds then the two scores,
  each divided by the total number of seeds, so multiplied back and rounded).
For both games the reading is also checked by recomputing the legal actions from the board read
(non-empty pits of the mover; in oware, when the opponent has no seeds, only pits holding more seeds
than their distance to the end of the row) and by seed conservation. Any inconsistency is reported as
a reading error and fails the configuration.

How OpenSpiel ends its games, and how each difference from our rules is handled
--------------------------------------------------------------------------------
mancala: IsTerminal() is true as soon as EITHER side has no seeds (our `empty_side = "either"`).
  OpenSpiel does NOT move the seeds left on the other side into a store: the board keeps them and
  Returns() compares store + own pits of each player (+1/-1, or 0/0 for equal sums). Our engine
  moves them into their owner's store. So at a terminal position we check that OpenSpiel's board
  has one side empty and that our stores equal OpenSpiel's (store + own pits) sums, our rows are
  empty, and the winners agree. It is the same result, only the bookkeeping differs.
  Length cap: IsTerminal() is also true once move_number > MaxGameLength() = 1000 (scored as a
  draw). This is a deliberate cap of OpenSpiel ("arbitrarily chosen number to ensure the game is
  finite"); our Kalah has no cap (ring stores: every game ends). We never play a game past 1000
  moves, so positions are compared only up to that point (random Kalah games are far shorter; the
  number of games cut is printed if any).
oware: IsTerminal() is true when a score is more than half of all seeds, or both scores are exactly
  half (then no seed is left on the board). After each move, if the position (seeds, scores, player
  to move) occurred before since the last capture (the set of boards is cleared on every capture,
  captured seeds never return, so this is the same as "occurred before in the game" with our stores
  in the position), the game ends and each player collects the seeds on their own row
  (CollectAndTerminate): our `repetition = "owner"`. Then, if the player to move has no legal action,
  CollectAndTerminate again: this covers "mover has no seeds" and "cannot feed" (our rule 3), and ALSO
  the majority end, because LegalActions() is empty on a terminal state: OpenSpiel collects the
  seeds left on the board after a majority win as well, whereas our `majority = true` leaves them in
  the pits. So at a terminal position we check: OpenSpiel's rows are empty; for each side our store
  + our row == OpenSpiel's score; if our rows are not empty, one of our stores holds a majority (the
  only end where we leave seeds); and the winners agree (a majority winner stays the winner after
  collection). Grand slam: a move whose capture would leave the opponent no seed captures nothing
  (our `grand_slam = "captures-nothing"`). Must feed: as our `must_feed = true`.
  Length cap: DoApplyAction() has SPIEL_CHECK_LT(history size, kMaxGameLength = 1000), i.e.
  OpenSpiel refuses to play a 1001st move (it is not a rule, just a cap). We stop a game at 1000
  moves and compare up to that point (random games end much sooner).

Usage: python3 scripts/openspiel_agreement.py [--games N] [--binary PATH] [--seed S]
                                              [--sizes 3x2,6x4,...] [--show K] [--jobs J]
Prints one line per configuration, the first disagreements in detail, then "N passed, M failed"
(N, M count configurations); exits non-zero on any disagreement.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import io
import json
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import threading
import time

import pyspiel

DEFAULT_BINARY = "target/release/mancala"
# Oware sizes (houses per player x seeds per house) compared by default. OpenSpiel accepts every
# positive size; our engine accepts 1..16 pits. H in 3..6 and S in 2..5 covers small boards (where
# the endgame rules fire often) up to the standard 6x4.
DEFAULT_OWARE_SIZES = [(h, s) for h in (3, 4, 5, 6) for s in (2, 3, 4, 5)]

SIDES = ("south", "north")


class ReadingError(Exception):
    """Our reading of an OpenSpiel state is inconsistent."""


# --------------------------------------------------------------------------------------------
# Reading OpenSpiel states into a common snapshot
# --------------------------------------------------------------------------------------------
# A snapshot is a dict:
#   south, north: lists of seeds (each from its owner's left), as OpenSpiel's board holds them
#   stores: [south, north]
#   to_move: "south" | "north" | None (terminal)
#   legal: sorted list of our pit numbers (as strings)
#   over: bool
#   winner: "south" | "north" | "draw" | None


def winner_of_returns(returns):
    if returns[0] > returns[1]:
        return "south"
    if returns[0] < returns[1]:
        return "north"
    return "draw"


def read_mancala(state) -> dict:
    obs = state.observation_tensor(0)
    if len(obs) != 16:
        raise ReadingError(f"mancala observation has {len(obs)} values, expected 16")
    board = [int(round(x)) for x in obs[:14]]
    if any(abs(x - b) > 1e-6 for x, b in zip(obs[:14], board)):
        raise ReadingError(f"non-integer mancala observation {obs}")
    # Cross-check with str(state): line 1 "-c13-c12-...-c8-", line 2 "c0-----------c7",
    # line 3 "-c1-c2-...-c6-".
    lines = str(state).split("\n")
    top = [int(x) for x in lines[0].strip("-").split("-")]
    m = re.fullmatch(r"(\d+)-+(\d+)", lines[1])
    bottom = [int(x) for x in lines[2].strip("-").split("-")]
    if m is None:
        raise ReadingError(f"cannot parse mancala string {str(state)!r}")
    from_str = [0] * 14
    from_str[0], from_str[7] = int(m.group(1)), int(m.group(2))
    from_str[1:7] = bottom
    for i, v in enumerate(top):  # printed from cell 13 down to cell 8
        from_str[13 - i] = v
    if from_str != board:
        raise ReadingError(f"mancala tensor {board} != string {from_str}")
    if sum(board) != 48:
        raise ReadingError(f"mancala board {board} does not hold 48 seeds")
    if int(obs[15]) != state.move_number():
        raise ReadingError(f"mancala tensor move number {obs[15]} != {state.move_number()}")

    over = state.is_terminal()
    snap = {
        "south": board[1:7],
        "north": board[8:14],
        "stores": [board[7], board[0]],
        "over": over,
        "raw": board,
    }
    if over:
        snap.update(to_move=None, legal=[], winner=winner_of_returns(state.returns()))
        if state.legal_actions():
            raise ReadingError("terminal mancala state has legal actions")
    else:
        player = state.current_player()
        if player != int(obs[14]):
            raise ReadingError(f"mancala tensor player {obs[14]} != {player}")
        actions = state.legal_actions()
        # An action id is a cell index: South's pits are cells 1..6, North's 8..13.
        first = 1 if player == 0 else 8
        expected = [c for c in range(first, first + 6) if board[c] > 0]
        if actions != expected:
            raise ReadingError(f"mancala legal actions {actions} != non-empty pits {expected}")
        snap.update(
            to_move=SIDES[player],
            legal=sorted(str(a - first + 1) for a in actions),
            winner=None,
        )
    return snap


def mancala_action_to_pit(state, action: int) -> str:
    return str(action) if state.current_player() == 0 else str(action - 7)


SCORE_RE = re.compile(r"Player ([01]) score = (\d+)")


def read_oware(state, houses: int, total: int) -> dict:
    text = str(state)
    scores = [None, None]
    for p, v in SCORE_RE.findall(text):
        scores[int(p)] = int(v)
    rows = [
        [int(x) for x in line.split()]
        for line in text.split("\n")
        if line.strip() and re.fullmatch(r"[\d ]+", line)
    ]
    if None in scores or len(rows) != 2 or any(len(r) != houses for r in rows):
        raise ReadingError(f"cannot parse oware string {text!r}")
    north = list(reversed(rows[0]))  # printed from house 2H-1 down to house H
    south = rows[1]  # printed from house 0 to house H-1
    obs = state.observation_tensor(0)
    from_obs = [int(round(x * total)) for x in obs]
    if from_obs != south + north + scores:
        raise ReadingError(f"oware tensor {from_obs} != string {south + north + scores}")
    if sum(south) + sum(north) + sum(scores) != total:
        raise ReadingError(f"oware position {south} {north} {scores} does not hold {total} seeds")
    over = state.is_terminal()
    snap = {"south": south, "north": north, "stores": scores, "over": over}
    if over:
        if state.legal_actions():
            raise ReadingError("terminal oware state has legal actions")
        if "[FINISHED]" not in text:
            raise ReadingError("terminal oware string lacks [FINISHED]")
        snap.update(to_move=None, legal=[], winner=winner_of_returns(state.returns()))
    else:
        player = state.current_player()
        # "Player p score = N [PLAYING]" marks the player to move.
        marked = [line for line in text.split("\n") if "[PLAYING]" in line]
        if len(marked) != 1 or not marked[0].startswith(f"Player {player} score"):
            raise ReadingError(f"oware string marks {marked}, player to move is {player}")
        own, opp = (south, north) if player == 0 else (north, south)
        if sum(opp) == 0:
            # Must feed: a house reaches the opponent if it holds more seeds than its distance
            # to the end of the row.
            expected = [i for i in range(houses) if own[i] > houses - 1 - i]
        else:
            expected = [i for i in range(houses) if own[i] > 0]
        actions = state.legal_actions()
        if actions != expected:
            raise ReadingError(f"oware legal actions {actions} != expected from board {expected}")
        snap.update(to_move=SIDES[player], legal=sorted(str(a + 1) for a in actions), winner=None)
    return snap


# --------------------------------------------------------------------------------------------
# Comparison
# --------------------------------------------------------------------------------------------


def compare(kind: str, ours: dict, theirs: dict, total: int) -> list:
    """Differences between our JSON object and OpenSpiel's snapshot, as (field, ours, theirs)."""
    if "error" in ours:
        return [("error", ours["error"], "(OpenSpiel accepted every move)")]
    diffs = []

    def check(field, a, b):
        if a != b:
            diffs.append((field, a, b))

    our_stores = [ours["stores"]["south"], ours["stores"]["north"]]
    check("over", ours["over"], theirs["over"])
    check("to_move", ours["to_move"], theirs["to_move"])
    check("legal", sorted(ours["legal"]), theirs["legal"])
    check("winner", ours["winner"], theirs["winner"])
    if not theirs["over"] or not ours["over"]:
        check("south", ours["south"], theirs["south"])
        check("north", ours["north"], theirs["north"])
        check("stores", our_stores, theirs["stores"])
        return diffs

    # Both terminal: the seeds left on the board are booked differently (see the module docs).
    if kind == "kalah":
        # OpenSpiel leaves them on the board and scores store + own pits; we move them home.
        if sum(theirs["south"]) != 0 and sum(theirs["north"]) != 0:
            diffs.append(("openspiel ended with seeds on both sides", None, theirs["raw"]))
        check("south", ours["south"], [0] * len(theirs["south"]))
        check("north", ours["north"], [0] * len(theirs["north"]))
        check(
            "stores (OpenSpiel: store + own pits)",
            our_stores,
            [theirs["stores"][0] + sum(theirs["south"]), theirs["stores"][1] + sum(theirs["north"])],
        )
    else:
        # OpenSpiel collects every seed left into its owner's score, even after a majority win;
        # we leave them in the pits after a majority win.
        check("openspiel rows after collection", [theirs["south"], theirs["north"]],
              [[0] * len(theirs["south"]), [0] * len(theirs["north"])])
        check(
            "stores + own rows",
            [our_stores[0] + sum(ours["south"]), our_stores[1] + sum(ours["north"])],
            theirs["stores"],
        )
        if sum(ours["south"]) + sum(ours["north"]) > 0 and max(our_stores) * 2 <= total:
            diffs.append(("our game ended with seeds on the board and no majority",
                          [ours["south"], ours["north"], our_stores], None))
    return diffs


# --------------------------------------------------------------------------------------------
# Running one configuration
# --------------------------------------------------------------------------------------------


class Config:
    def __init__(self, kind: str, houses: int, seeds: int):
        self.kind = kind
        self.houses = houses
        self.seeds = seeds
        self.total = 2 * houses * seeds
        if kind == "kalah":
            self.variant = "kalah-classic"
            self.spiel = "mancala"
        else:
            self.variant = "abapa"
            self.spiel = f"oware(num_houses_per_player={houses},num_seeds_per_house={seeds})"
        self.label = f"{self.variant} {houses}x{seeds}"

    def read(self, state) -> dict:
        if self.kind == "kalah":
            return read_mancala(state)
        return read_oware(state, self.houses, self.total)

    def to_pit(self, state, action: int) -> str:
        if self.kind == "kalah":
            return mancala_action_to_pit(state, action)
        return str(action + 1)


def run_config(cfg: Config, args) -> bool:
    start = time.time()
    game = pyspiel.load_game(cfg.spiel)
    # Both games: never play more than MaxGameLength() moves (1000), see the module docs.
    max_moves = game.max_game_length()
    rng = random.Random(f"{args.seed}:{cfg.label}")

    cmd = [args.binary, "state", "--variant", cfg.variant, "--pits-per-side", str(cfg.houses),
           "--seeds", str(cfg.seeds), "--batch"]
    errfile = tempfile.TemporaryFile()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errfile,
                            text=True, bufsize=1 << 20)
    outputs: list[str] = []

    def reader():
        for line in proc.stdout:
            outputs.append(line)

    thread = threading.Thread(target=reader, daemon=True)
    thread.start()

    # Play the games in OpenSpiel and stream every prefix to our engine as we go.
    expected = []  # per line: (game index, number of moves, snapshot)
    games_moves = []
    reading_errors = []
    cut = 0
    try:
        for g in range(args.games):
            state = game.new_initial_state()
            moves: list[str] = []
            lines = []
            while True:
                try:
                    snap = cfg.read(state)
                except ReadingError as e:
                    reading_errors.append((g, list(moves), str(e)))
                    break
                expected.append((g, len(moves), snap))
                lines.append(",".join(moves))
                if state.is_terminal():
                    break
                if len(moves) >= max_moves:
                    cut += 1
                    break
                action = rng.choice(state.legal_actions())
                moves.append(cfg.to_pit(state, action))
                state.apply_action(action)
            games_moves.append(moves)
            proc.stdin.write("\n".join(lines) + "\n")
        proc.stdin.close()
    except BrokenPipeError:
        pass
    thread.join()
    rc = proc.wait()
    errfile.seek(0)
    stderr = errfile.read().decode(errors="replace")

    failures = []
    if rc != 0 or len(outputs) != len(expected):
        failures.append(f"engine exited with {rc} after {len(outputs)} of {len(expected)} lines: "
                        f"{' '.join(cmd)}\n{stderr.strip()}")
    disagreements = []
    ends: dict = {}
    count = 0
    for line, (g, n, snap) in zip(outputs, expected):
        ours = json.loads(line)
        if n == 0 and "error" not in ours:
            header = (ours["variant"], ours["pits_per_side"], ours["seeds_per_pit"])
            if header != (cfg.variant, cfg.houses, cfg.seeds):
                failures.append(f"engine reports {header}, expected "
                                f"{(cfg.variant, cfg.houses, cfg.seeds)}")
        if snap["over"] and "error" not in ours:
            # Coverage: how the games ended, by our end reason, OpenSpiel agreeing.
            reason = ours.get("position", "").partition("#")[2] or "?"
            ends[reason] = ends.get(reason, 0) + 1
        diffs = compare(cfg.kind, ours, snap, cfg.total)
        count += 1
        if diffs:
            disagreements.append((g, n, ours, snap, diffs))

    # A game is counted once per configuration; a disagreement once per position.
    elapsed = time.time() - start
    extra = f", {cut} games cut at {max_moves} moves" if cut else ""
    n_bad = len(disagreements) + len(reading_errors) + len(failures)
    in_games = f" (in {len({d[0] for d in disagreements})} games)" if disagreements else ""
    print(f"{cfg.label}: {args.games} games, {count} positions compared, "
          f"{len(disagreements)} disagreements{in_games}{extra} [{elapsed:.1f}s]", flush=True)
    if ends:
        print("  games ended by (our end reason): "
              + ", ".join(f"{k} {v}" for k, v in sorted(ends.items(), key=lambda kv: -kv[1])))
    for msg in failures:
        print(f"  FAILURE: {msg}")
    for g, moves, msg in reading_errors[: args.show]:
        print(f"  READING ERROR in game {g} after moves [{','.join(moves)}]: {msg}")
    if len(reading_errors) > args.show:
        print(f"  ... {len(reading_errors) - args.show} more reading errors")
    shown_games = set()
    shown = 0
    for g, n, ours, snap, diffs in disagreements:
        # Show the first disagreeing position of each game only: later ones follow from it.
        if g in shown_games:
            continue
        shown_games.add(g)
        if shown >= args.show:
            break
        shown += 1
        moves = ",".join(games_moves[g][:n])
        print(f"  DISAGREEMENT in game {g} after {n} moves: [{moves}]")
        for field, a, b in diffs:
            print(f"    {field}: ours {a!r} vs OpenSpiel {b!r}")
        ours_view = {k: ours.get(k) for k in ("south", "north", "stores", "to_move", "legal",
                                              "over", "winner", "position", "error")
                     if k in ours}
        theirs_view = {k: v for k, v in snap.items()}
        print(f"    ours:     {json.dumps(ours_view)}")
        print(f"    OpenSpiel: {json.dumps(theirs_view)}")
    games_bad = len({d[0] for d in disagreements})
    if games_bad > shown:
        print(f"  ... {games_bad - shown} more games with disagreements")
    if disagreements:
        # Kinds of first disagreements (one per game): differing fields and our end reason.
        kinds: dict = {}
        seen = set()
        for g, n, ours, snap, diffs in disagreements:
            if g in seen:
                continue
            seen.add(g)
            reason = ours.get("position", "").partition("#")[2] or "-"
            key = f"fields {'/'.join(d[0] for d in diffs)}; our end reason {reason}"
            kinds[key] = kinds.get(key, 0) + 1
        print(f"  first disagreement of each of the {games_bad} games, by kind:")
        for key, k in sorted(kinds.items(), key=lambda kv: -kv[1]):
            print(f"    {k} games: {key}")
    return n_bad == 0


def run_config_captured(cfg: Config, args) -> tuple[bool, str]:
    """`run_config` with its report kept as text, for a worker process."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        ok = run_config(cfg, args)
    return ok, out.getvalue()


def parse_sizes(text: str):
    sizes = []
    for part in text.split(","):
        h, s = part.lower().split("x")
        sizes.append((int(h), int(s)))
    return sizes


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000, help="random games per configuration")
    ap.add_argument("--binary", default=DEFAULT_BINARY, help="path of the mancala binary")
    ap.add_argument("--seed", default="0", help="seed of the random games")
    ap.add_argument("--sizes", type=parse_sizes,
                    default=DEFAULT_OWARE_SIZES,
                    help="oware/abapa sizes HxS, comma separated (default: H 3..6 x S 2..5)")
    ap.add_argument("--no-kalah", action="store_true", help="skip the mancala/kalah-classic test")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                    help="configurations run side by side (default: one per processor)")
    ap.add_argument("--show", type=int, default=3,
                    help="disagreements shown in detail per configuration")
    args = ap.parse_args()
    if not os.path.isfile(args.binary):
        print(f"binary {args.binary} not found (build it with cargo build --release -p "
              f"mancala-cli, or pass --binary)", file=sys.stderr)
        return 2

    configs = [] if args.no_kalah else [Config("kalah", 6, 4)]
    configs += [Config("oware", h, s) for h, s in args.sizes]
    passed = failed = 0
    # The configurations are independent: they run side by side, one process each (each with its
    # own `mancala state --batch`), and their reports are printed in order as they are finished.
    jobs = max(1, min(args.jobs, len(configs)))
    if jobs == 1:
        results = (run_config_captured(cfg, args) for cfg in configs)
    else:
        pool = concurrent.futures.ProcessPoolExecutor(
            jobs, mp_context=multiprocessing.get_context("spawn"))
        results = pool.map(run_config_captured, configs, [args] * len(configs))
    for ok, report in results:
        print(report, end="", flush=True)
        if ok:
            passed += 1
        else:
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
