"""The same positions solved through the three front ends: `mancala solve` (the command line),
the page's `/api/solve` (`mancala serve`) and `mancala.solve` (this package). All three call the
solver's one solve route (`mancala_solver::Solve`): they must give the same values, the same
best moves, the same method, and the same messages when a position cannot be solved.

The command-line program is `MANCALA_BIN`, which `scripts/python_tests.sh` sets (the program
`scripts/test.sh` built, or one it builds); run by hand without it, these tests are skipped.
"""

import json
import os
import pathlib
import re
import subprocess

import pytest

import mancala

websockets_sync = pytest.importorskip("websockets.sync.client")

BINARY = os.environ.get("MANCALA_BIN")
pytestmark = pytest.mark.skipif(
    not BINARY, reason="MANCALA_BIN (the mancala program) is not set: run scripts/python_tests.sh"
)
if BINARY and not pathlib.Path(BINARY).is_file():
    raise RuntimeError(f"MANCALA_BIN={BINARY} is not a file")


def run_cli(args, home):
    """`mancala ARGS` with a home folder of its own: (status, stdout, stderr)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MANCALA_", "XDG_"))}
    env["HOME"] = str(home)
    out = subprocess.run(
        [BINARY, *args], capture_output=True, text=True, env=env, timeout=300, check=False
    )
    return out.returncode, out.stdout, out.stderr


def cli_solve(variant, pits, seeds, moves, db_dir, home):
    """The command line's answer: ('solved', margin, best moves, method) or ('error', text)."""
    args = ["solve", "-v", variant, "-p", str(pits), "-s", str(seeds), "-q"]
    args += ["--db-dir", str(db_dir), "--checkpoint-dir", str(home / "checkpoints")]
    if moves:
        args += ["-m", ",".join(moves)]
    code, out, err = run_cli(args, home)
    if code != 0:
        return ("error", err.strip())
    value = re.search(r"^value(?: played to the end)?: ([+-]\d+)$", out, re.M)
    best = re.search(r"^best: (.*)$", out, re.M)
    method = "solver"
    if re.search(r"^exact: from the endgame database", out, re.M):
        method = "database"
    elif re.search(r"^exact: proven by search", out, re.M):
        method = "search"
    return ("solved", int(value.group(1)), sorted(best.group(1).split()), method)


def python_solve(variant, pits, seeds, moves, db_dir):
    game = mancala.load_game(variant, pits_per_side=pits, seeds=seeds)
    state = game.new_initial_state()
    for mv in moves:
        actions = [a for a in state.legal_actions() if state.action_to_string(a) == mv]
        state.apply_action(actions[0])
    try:
        result = mancala.solve(state, databases=db_dir)
    except (ValueError, RuntimeError) as e:
        return ("error", str(e))
    best = sorted(state.action_to_string(a) for a in result.best_actions)
    return ("solved", result.margin, best, result.method)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """`mancala serve` on a free port, with a folder of databases built by the command line."""
    home = tmp_path_factory.mktemp("home")
    db_dir = tmp_path_factory.mktemp("databases")
    # Awari 2x2's database (8 seeds): the page reads databases, never builds them.
    code, _, err = run_cli(
        ["db", "build", "-v", "awari", "-p", "2", "-s", "2", "--max-seeds", "8",
         "--db-dir", str(db_dir)],
        home,
    )
    assert code == 0, err
    env = {k: v for k, v in os.environ.items() if not k.startswith(("MANCALA_", "XDG_"))}
    env["HOME"] = str(home)
    process = subprocess.Popen(
        [BINARY, "serve", "--port", "0", "--db-dir", str(db_dir)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
    )
    line = process.stdout.readline()
    address = re.search(r"http://([^/ ]+)/", line)
    assert address, f"no address in {line!r}"
    yield address.group(1), db_dir, home
    process.terminate()
    process.wait(timeout=30)


def web_solve(address, variant, pits, seeds, moves):
    request = {"game": {"variant": variant, "pits_per_side": pits, "seeds": seeds},
               "moves": list(moves)}
    with websockets_sync.connect(f"ws://{address}/api/solve", open_timeout=30) as socket:
        socket.send(json.dumps(request))
        while True:
            message = json.loads(socket.recv(timeout=300))
            if message["type"] == "result":
                return ("solved", message["value_south"], sorted(message["best"]),
                        message["method"])
            if message["type"] == "error":
                return ("error", message["error"])
            assert message["type"] == "progress", message


# (variant, pits, seeds, moves, the method that must prove it)
SOLVED = [
    ("oware", 3, 2, [], "search"),  # the owner rule: no database holds its values
    ("abapa", 2, 3, [], "search"),
    ("oware", 3, 2, ["1"], "search"),  # a history since the last capture
    ("awari", 2, 2, [], "database"),  # awari's rule, a fresh position: read from the database
    ("awari", 3, 2, ["1"], "search"),  # ... with a history since the last capture: by search
    ("kalah-irving", 3, 2, [], "solver"),  # no repetition rule: the exact solver
]


@pytest.mark.parametrize("variant,pits,seeds,moves,method", SOLVED)
def test_the_three_front_ends_give_the_same_value_and_best_moves(
    server, variant, pits, seeds, moves, method
):
    address, db_dir, home = server
    web = web_solve(address, variant, pits, seeds, moves)
    cli = cli_solve(variant, pits, seeds, moves, db_dir, home)
    py = python_solve(variant, pits, seeds, moves, db_dir)
    assert web[0] == "solved" and web[3] == method, web
    assert cli == web, f"command line {cli}, page {web}"
    assert py == web, f"Python {py}, page {web}"


def test_the_three_front_ends_refuse_a_finished_game_in_the_same_words(server):
    address, db_dir, home = server
    words = "the game is over: there is nothing to solve"
    # Oware 2x1 after 1, 2, 2: North is left only grand slams, so the game is over.
    web = web_solve(address, "oware", 2, 1, ["1", "2", "2"])
    cli = cli_solve("oware", 2, 1, ["1", "2", "2"], db_dir, home)
    py = python_solve("oware", 2, 1, ["1", "2", "2"], db_dir)
    for front_end, answer in [("page", web), ("command line", cli), ("Python", py)]:
        assert answer[0] == "error" and words in answer[1], f"{front_end}: {answer}"


def test_the_command_line_and_python_refuse_a_database_size_under_the_owner_rule(server):
    _, db_dir, home = server
    words = "database holds a convention (a repetition scores 0), not the game's values"
    code, _, err = run_cli(
        ["solve", "-v", "oware", "-p", "3", "-s", "2", "--db-seeds", "4", "--db-dir", str(db_dir)],
        home,
    )
    assert code != 0 and words in err, err
    state = mancala.load_game("oware", pits_per_side=3, seeds=2).new_initial_state()
    with pytest.raises(ValueError) as e:
        mancala.solve(state, databases=db_dir, db_seeds=4)
    assert words in str(e.value)

