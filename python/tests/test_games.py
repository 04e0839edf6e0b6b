"""Random games of every preset to their end through the AEC environment, and what is refused.

TURNKIT_RANDOM_GAMES sets the games per preset (default 20; the acceptance run uses 200)."""

import os

import numpy as np
import pytest

import turnkit_env
from turnkit_env import TurnkitHostError

GAMES = int(os.environ.get("TURNKIT_RANDOM_GAMES", "20"))


def play(env, seed, rng):
    env.reset(seed=seed)
    steps = 0
    returns = dict.fromkeys(env.possible_agents, 0)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        returns[agent] += reward
        if termination or truncation:
            action = None
        else:
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) > 0
            assert legal[-1] == len(legal) - 1  # slots 0 … n-1
            action = int(rng.choice(legal))
            steps += 1
        env.step(action)
    return steps, returns


@pytest.mark.parametrize("game", turnkit_env.PRESETS)
def test_random_games(game, host):
    env = turnkit_env.env(game=game, host=host)
    rng = np.random.default_rng(1)
    ends = {"won": 0, "drawn": 0}
    for seed in range(GAMES):
        steps, returns = play(env, seed, rng)
        assert steps > 0
        total = sorted(returns.values())
        assert total in ([-1, 1], [0, 0]), returns
        ends["won" if total == [-1, 1] else "drawn"] += 1
    assert sum(ends.values()) == GAMES
    env.close()


def test_same_seed_same_game(host):
    def trace(seed):
        env = turnkit_env.raw_env("duel-masters", host=host)
        env.reset(seed=seed)
        out = []
        for _ in range(200):
            if env.terminations[env.agent_selection] or env.truncations[env.agent_selection]:
                break
            obs = env.observe(env.agent_selection)
            out.append((env.agent_selection, obs["observation"].tolist(), int(obs["action_mask"].sum())))
            env.step(0)
        env.close()
        return out

    assert trace(5) == trace(5)
    assert trace(5) != trace(6)


def test_illegal_action_refused_and_nothing_changes(host):
    env = turnkit_env.raw_env("skirmish", host=host)
    env.reset(seed=1)
    agent = env.agent_selection
    before = env.observe(agent)
    n = int(before["action_mask"].sum())
    with pytest.raises(TurnkitHostError) as e:
        env.step(n)
    assert e.value.code == "illegal-action"
    assert e.value.where == "step.action"
    after = env.observe(agent)
    assert env.agent_selection == agent
    assert (after["observation"] == before["observation"]).all()
    assert (after["action_mask"] == before["action_mask"]).all()
    env.step(0)  # still playable
    env.close()


def test_unknown_preset_named(host):
    with pytest.raises(TurnkitHostError) as e:
        turnkit_env.env(game="duel-master", host=host)
    assert e.value.code == "unknown-preset"
    assert "duel-masters" in str(e.value)


def test_batch_runs_many_games_in_one_line(host):
    msgs = [{"type": "reset", "id": f"b{i}", "game": "duel-masters", "seed": i} for i in range(8)]
    replies = host.batch(msgs)
    assert [r["type"] for r in replies] == ["observation"] * 8
    steps = host.batch([{"type": "step", "id": f"b{i}", "action": 0} for i in range(8)] + [{"type": "step", "id": "nope", "action": 0}])
    assert [r["type"] for r in steps[:8]] == ["step"] * 8
    assert steps[8]["code"] == "unknown-game"
    host.batch([{"type": "close", "id": f"b{i}"} for i in range(8)])


def test_no_turnkit_is_a_clear_error(monkeypatch):
    monkeypatch.delenv("TURNKIT_ROOT", raising=False)
    monkeypatch.delenv("TURNKIT_HOST_COMMAND", raising=False)
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(turnkit_env.TurnkitNotFound, match="TURNKIT_ROOT"):
        turnkit_env.host_command()
    monkeypatch.setenv("TURNKIT_HOST_COMMAND", "not json")
    with pytest.raises(turnkit_env.TurnkitNotFound, match="JSON list"):
        turnkit_env.host_command()
