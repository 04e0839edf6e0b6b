"""Random against random through the PettingZoo AEC API: `python examples/random_vs_random.py
[game] [games]`. Prints each seat's wins."""

import sys

import numpy as np

import turnkit_env


def main(game: str = "duel-masters", games: int = 20) -> None:
    env = turnkit_env.env(game=game)
    rng = np.random.default_rng(0)
    wins = {a: 0 for a in env.possible_agents}
    draws = 0
    steps = 0
    for seed in range(games):
        env.reset(seed=seed)
        decided = False
        for agent in env.agent_iter():
            obs, reward, termination, truncation, info = env.last()
            if termination or truncation:
                if reward > 0:
                    wins[agent] += 1
                    decided = True
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                steps += 1
            env.step(action)
        draws += not decided
    env.close()
    print(f"{game}: {games} games, {steps} steps; wins {wins}, draws {draws}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "duel-masters", int(sys.argv[2]) if len(sys.argv) > 2 else 20)
