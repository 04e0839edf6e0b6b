"""A short self-play run: one softmax policy plays both seats and learns by REINFORCE, then plays
the random agent. `python examples/self_play.py [game] [training games] [test games]`.

The policy scores each legal slot from its option row (what the option does: its kind, the zones
of its cards, its first argument) — the slots themselves mean nothing across decisions, the rows
do. It is a sketch of the loop (observe, mask, act, learn from the end reward), not a strong agent.
"""

import sys

import numpy as np

import turnkit_env

BUCKETS = 1024


def keys(rows: np.ndarray) -> np.ndarray:
    """Per option: a few hashed features of its row (kind; kind × first card's seat and zone; kind × first argument)."""
    kind, seat, zone, arg = rows[:, 0], rows[:, 3], rows[:, 4], rows[:, 3 + 4 * 4]
    return np.stack(
        [kind % BUCKETS, (kind * 31 + seat * 7 + zone) % BUCKETS, (kind * 131 + arg) % BUCKETS], axis=1
    )


def play(env, theta, rng, learner_seats, explore=True):
    """One game; returns the learner's (keys, chosen index) per decision by seat, and the rewards."""
    env.reset(seed=int(rng.integers(2**31)))
    trace = {a: [] for a in env.possible_agents}
    final = {}
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            final[agent] = reward
            env.step(None)
            continue
        n = int(obs["action_mask"].sum())
        if agent in learner_seats:
            k = keys(obs["options"][:n])
            logits = theta[k].sum(axis=1)
            p = np.exp(logits - logits.max())
            p /= p.sum()
            i = int(rng.choice(n, p=p)) if explore else int(np.argmax(p))
            trace[agent].append((k, p, i))
        else:
            i = int(rng.integers(n))
        env.step(i)
    return trace, final


def main(game: str = "skirmish", train: int = 60, test: int = 20) -> None:
    env = turnkit_env.env(game=game, max_options=128, option_rows=True)
    rng = np.random.default_rng(0)
    theta = np.zeros(BUCKETS)
    lr = 0.05
    for _ in range(train):
        trace, rewards = play(env, theta, rng, set(env.possible_agents))
        for agent, steps in trace.items():
            for k, p, i in steps:
                grad = np.zeros(BUCKETS)
                np.add.at(grad, k[i], 1.0)
                for j in range(len(p)):
                    np.add.at(grad, k[j], -p[j])
                theta += lr * rewards[agent] * grad
    wins = 0
    for g in range(test):
        learner = env.possible_agents[g % 2]
        _, rewards = play(env, theta, rng, {learner})
        wins += rewards[learner] > 0
    env.close()
    print(f"{game}: after {train} self-play games, the policy won {wins} of {test} against random")


if __name__ == "__main__":
    args = sys.argv[1:]
    main(args[0] if args else "skirmish", int(args[1]) if len(args) > 1 else 60, int(args[2]) if len(args) > 2 else 20)
