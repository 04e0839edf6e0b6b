"""PettingZoo environments over turnkit's presets, through ``turnkit host --stdio``.

    import turnkit_env
    env = turnkit_env.env(game="duel-masters")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)
"""

from .aec import PRESETS, TurnkitAEC, env, raw_env
from .host import PROTOCOL, Host, TurnkitHostError, TurnkitNotFound, host_command

__all__ = [
    "PRESETS",
    "PROTOCOL",
    "Host",
    "TurnkitAEC",
    "TurnkitHostError",
    "TurnkitNotFound",
    "env",
    "host_command",
    "raw_env",
]
__version__ = "0.1.0"
