"""A PettingZoo AEC environment over one game of a turnkit preset, played through the stdio host.

Agents are ``player_0``, ``player_1`` … in seat order. The agent to act is the player whose
decision is pending (a player may act several times in a row). Observations are dicts:

- ``observation``: the player's feature vector (turnkit's ``defaultFeatures``: zone counts,
  player variables, the turn and the phase), float32;
- ``action_mask``: int8, 1 on the slots of the player's legal options (slots 0 … n-1; all 0 for a
  player who is not to act);
- ``options`` (with ``option_rows=True``): one row per slot describing the option there (kind,
  cards by seat, zone and position, arguments; 0 past the legal ones), int32.

Slot i is the i-th option of the decision in turnkit's canonical order, named by what the player
sees, never by ids: equal situations give equal slots. Rewards: 0 until the end, then +1 to the
winner and -1 to the others (0 to all on a draw or a truncation).
"""

from __future__ import annotations

import secrets
from typing import Any, Dict, List, Optional

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from .host import Host

PRESETS = ("duel-masters", "duel-masters-play", "yugioh", "magic", "skirmish", "lab")

_counter = 0


def _next_id() -> str:
    global _counter
    _counter += 1
    return f"aec{_counter}"


class TurnkitAEC(AECEnv):
    metadata = {"name": "turnkit_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str = "duel-masters",
        *,
        players: Optional[int] = None,
        decks: Optional[List[List[str]]] = None,
        options: Optional[Dict[str, Any]] = None,
        max_options: Optional[int] = None,
        max_actions: int = 20_000,
        option_rows: bool = False,
        render_mode: Optional[str] = None,
        host: Optional[Host] = None,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None, not {render_mode!r}")
        self.game = game
        self.render_mode = render_mode
        self._own_host = host is None
        self.host = host or Host()
        self._id = _next_id()
        self._reset_msg: Dict[str, Any] = {"type": "reset", "id": self._id, "game": game, "maxActions": max_actions}
        if players is not None:
            self._reset_msg["players"] = players
        if decks is not None:
            self._reset_msg["decks"] = decks
        if options is not None:
            self._reset_msg["options"] = options
        if max_options is not None:
            self._reset_msg["maxOptions"] = max_options
        if option_rows:
            self._reset_msg["rows"] = True
        self._rows = option_rows
        ask: Dict[str, Any] = {"type": "spaces", "game": game}
        for k in ("players", "options", "maxOptions"):
            if k in self._reset_msg:
                ask[k] = self._reset_msg[k]
        sizes = self.host.request(ask)
        self.metadata = {**self.metadata, "name": f"turnkit_{sizes['game'].replace('-', '_')}_v0"}
        self.n_actions = int(sizes["actions"])
        self.n_features = int(sizes["features"])
        self.row_width = int(sizes["rowWidth"])
        self.possible_agents = [f"player_{i}" for i in range(int(sizes["players"]))]
        obs = {
            "observation": spaces.Box(-np.inf, np.inf, (self.n_features,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
        }
        if option_rows:
            obs["options"] = spaces.Box(0, np.iinfo(np.int32).max, (self.n_actions, self.row_width), np.int32)
        self.observation_spaces = {a: spaces.Dict(obs) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.n_actions) for a in self.possible_agents}
        self._last: Optional[Dict[str, Any]] = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def _agent(self, p: int) -> str:
        return self.possible_agents[p]

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        msg = dict(self._reset_msg, seed=int(seed) if seed is not None else secrets.randbits(31))
        reply = self.host.request(msg)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._take(reply)

    def _take(self, reply: Dict[str, Any]) -> None:
        """Reads a reset or step answer: who acts next, and their observation."""
        self._last = reply
        if reply["toAct"] is not None:
            self.agent_selection = self._agent(reply["toAct"])
        for a in self.agents:
            self.infos[a] = {"legal": reply["count"] if a == self._agent(reply["player"]) and reply["toAct"] is not None else 0}

    def _observation(self, reply: Dict[str, Any], acting: bool) -> Dict[str, np.ndarray]:
        count = reply["count"] if acting else 0
        if count > self.n_actions:
            raise RuntimeError(
                f"the decision has {count} options, more than the {self.n_actions} slots of this "
                "environment (max_options): make it larger"
            )
        mask = np.zeros(self.n_actions, dtype=np.int8)
        mask[:count] = 1
        out = {"observation": np.asarray(reply["features"], dtype=np.float32), "action_mask": mask}
        if self._rows:
            rows = np.zeros((self.n_actions, self.row_width), dtype=np.int32)
            if count:
                rows[:count] = np.asarray(reply["rows"], dtype=np.int32)
            out["options"] = rows
        return out

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        p = self.possible_agents.index(agent)
        last = self._last
        if last is not None and last["player"] == p:
            reply = last
        else:
            reply = self.host.request({"type": "observe", "id": self._id, "player": p})
        acting = reply["toAct"] == p
        return self._observation(reply, acting)

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0
        self._clear_rewards()
        reply = self.host.request({"type": "step", "id": self._id, "action": int(action)})
        self._take(reply)
        if reply["done"]:
            for a, r in zip(self.possible_agents, reply["rewards"]):
                self.rewards[a] = r
            ended = self.truncations if reply["truncated"] else self.terminations
            for a in self.agents:
                ended[a] = True
            self.infos = {a: {"result": reply.get("result")} for a in self.agents}
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            print(self.render())

    def render(self) -> Optional[str]:
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        r = self._last or {}
        if r.get("done"):
            return f"{self.game}: over, {r.get('result')}"
        return f"{self.game}: {self.agent_selection} to act, {r.get('count')} options"

    def close(self) -> None:
        if self._own_host:
            self.host.close()
        else:
            try:
                self.host.request({"type": "close", "id": self._id})
            except Exception:
                pass


def raw_env(game: str = "duel-masters", **kwargs: Any) -> TurnkitAEC:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return TurnkitAEC(game, **kwargs)


def env(game: str = "duel-masters", **kwargs: Any) -> AECEnv:
    """A PettingZoo AEC environment of one game of ``game`` (a turnkit preset id)."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, **kwargs))
