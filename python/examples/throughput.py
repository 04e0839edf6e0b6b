"""Steps per second from Python: `python examples/throughput.py [game] [steps] [batch]`.

- the AEC environment, one game, one step per line (``env.step``, ``env.last``);
- ``Host.batch``: ``batch`` games, one step of each per line.
Random legal actions; games that end start again with the next seed."""

import sys
import time

import numpy as np

import turnkit_env


def aec(game: str, steps: int) -> float:
    env = turnkit_env.env(game=game)
    rng = np.random.default_rng(0)
    done = 0
    seed = 0
    t0 = time.perf_counter()
    while done < steps:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            obs, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            env.step(int(rng.integers(int(obs["action_mask"].sum()))))
            done += 1
            if done >= steps:
                break
    rate = done / (time.perf_counter() - t0)
    env.close()
    return rate


def batched(game: str, steps: int, batch: int) -> float:
    host = turnkit_env.Host()
    rng = np.random.default_rng(0)
    ids = [f"g{i}" for i in range(batch)]
    seed = 0
    msgs = []
    for i in ids:
        msgs.append({"type": "reset", "id": i, "game": game, "seed": seed})
        seed += 1
    last = host.batch(msgs)
    done = 0
    t0 = time.perf_counter()
    while done < steps:
        msgs = []
        for i, r in zip(ids, last):
            if r["done"]:
                msgs.append({"type": "reset", "id": i, "game": game, "seed": seed})
                seed += 1
            else:
                msgs.append({"type": "step", "id": i, "action": int(rng.integers(r["count"]))})
                done += 1
        last = host.batch(msgs)
    rate = done / (time.perf_counter() - t0)
    host.close()
    return rate


if __name__ == "__main__":
    game = sys.argv[1] if len(sys.argv) > 1 else "duel-masters"
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
    batch = int(sys.argv[3]) if len(sys.argv) > 3 else 64
    print(f"{game}: AEC env, 1 game: {aec(game, steps):,.0f} steps/s")
    print(f"{game}: Host.batch, {batch} games: {batched(game, steps, batch):,.0f} steps/s")
