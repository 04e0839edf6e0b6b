"""The examples run (with few games)."""

import runpy
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def run(name, args, capsys):
    old = sys.argv
    sys.argv = [name, *args]
    try:
        runpy.run_path(str(EXAMPLES / name), run_name="__main__")
    finally:
        sys.argv = old
    return capsys.readouterr().out


def test_random_vs_random(capsys):
    out = run("random_vs_random.py", ["duel-masters", "3"], capsys)
    assert out.startswith("duel-masters: 3 games, ")
    assert "wins {'player_0': " in out


def test_self_play(capsys):
    out = run("self_play.py", ["skirmish", "4", "4"], capsys)
    assert out.startswith("skirmish: after 4 self-play games, the policy won ")
