"""Every Python example shown in README.md and docs/python.md runs.

The fenced ``python`` blocks of each document are run in order, in one
namespace (a later block uses what an earlier one made), in a temporary
folder holding the variant file the examples open.
"""

import pathlib
import re

import mancala
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
DOCUMENTS = [ROOT / "README.md", ROOT / "docs" / "python.md"]


def python_blocks(path):
    return re.findall(r"^```python\n(.*?)^```", path.read_text(), flags=re.S | re.M)


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_every_python_example_runs(path, tmp_path, monkeypatch):
    blocks = python_blocks(path)
    assert blocks, f"no python example in {path}"
    monkeypatch.chdir(tmp_path)
    # The variant file the examples read: Kalah on 4 pits of 3 seeds.
    text = mancala.load_game("kalah", pits_per_side=4, seeds=3).variant_text()
    (tmp_path / "my-rules.toml").write_text(text)
    # Hus on its 4 x 12 board, the wide board's example.
    (tmp_path / "hus-12.toml").write_text((ROOT / "crates" / "core" / "variants" / "hus-12.toml").read_text())
    namespace = {}
    for i, block in enumerate(blocks):
        try:
            exec(compile(block, f"{path.name} block {i + 1}", "exec"), namespace)
        except Exception as e:  # pragma: no cover - the message is the point
            pytest.fail(f"{path.name}, python block {i + 1} fails: {e!r}\n{block}")
