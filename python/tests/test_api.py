"""PettingZoo's API test, for every preset."""

import pytest
from pettingzoo.test import api_test

import turnkit_env


@pytest.mark.parametrize("game", turnkit_env.PRESETS)
def test_pettingzoo_api(game, host):
    env = turnkit_env.env(game=game, host=host)  # every decision fits the default space
    api_test(env, num_cycles=300)
    env.close()


def test_pettingzoo_api_with_option_rows(host):
    env = turnkit_env.env(game="duel-masters", max_options=64, option_rows=True, host=host)
    api_test(env, num_cycles=200)
    env.reset(seed=3)
    obs, *_ = env.last()
    n = int(obs["action_mask"].sum())
    assert n > 0
    assert (obs["options"][:n, 0] > 1).all()  # every legal option has a listed kind
    assert not obs["options"][n:].any()
    env.close()
