"""Ctrl-C (SIGINT) stops a long search or solve with KeyboardInterrupt, in a child interpreter."""

import signal
import subprocess
import sys
import time

import pytest

# The child takes Ctrl-C as an interactive Python does, whatever it inherited
# (a shell starting the tests in the background ignores SIGINT, and Python
# then installs no KeyboardInterrupt handler).
CHILD = """
import signal, sys, mancala
signal.signal(signal.SIGINT, signal.default_int_handler)
print("ready", flush=True)
state = mancala.load_game("{variant}").new_initial_state()
try:
    {call}
except KeyboardInterrupt:
    print("interrupted", flush=True)
    sys.exit(3)
print("finished", flush=True)
"""


@pytest.mark.parametrize(
    "variant, call",
    [
        ("oware", "mancala.search(state, depth=120, hash_mb=4)"),
        ("kalah-classic", "mancala.solve(state, threads=1, table_mb=16)"),
        ("oware", "mancala.solve(state, table_mb=16)"),
    ],
)
def test_ctrl_c_stops_the_work(variant, call):
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD.format(variant=variant, call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert child.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    start = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        out, err = child.communicate(timeout=30)
    finally:
        # A child that did not stop is not left running after the test.
        if child.poll() is None:
            child.kill()
            child.wait()
    assert child.returncode == 3, (out, err)
    assert out.strip() == "interrupted"
    assert time.monotonic() - start < 10
