"""The `turnkit host --stdio` process: JSON lines to it, JSON lines back (docs/agents.md,
"The stdio host").

Which turnkit runs, in this order:
1. ``TURNKIT_HOST_COMMAND``: the command, as a JSON list of strings;
2. ``TURNKIT_ROOT``: a checkout (``src/cli/main.ts`` run with its ``tsx``) or an installation
   (``dist/cli/main.js``);
3. ``turnkit`` on ``PATH``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence

PROTOCOL = 1


class TurnkitHostError(RuntimeError):
    """An error the host answered: ``code``, ``message``, ``where`` as it sent them."""

    def __init__(self, code: str, message: str, where: str):
        super().__init__(f"{code} at {where}: {message}")
        self.code = code
        self.where = where
        self.text = message


class TurnkitNotFound(RuntimeError):
    """No turnkit to start: say where to find one."""


def host_command() -> List[str]:
    """The command that starts ``turnkit host --stdio`` (see the module's docstring)."""
    given = os.environ.get("TURNKIT_HOST_COMMAND")
    if given:
        try:
            cmd = json.loads(given)
        except ValueError as e:
            raise TurnkitNotFound(f"TURNKIT_HOST_COMMAND is not a JSON list of strings: {e}") from None
        if not isinstance(cmd, list) or not cmd or not all(isinstance(x, str) for x in cmd):
            raise TurnkitNotFound("TURNKIT_HOST_COMMAND must be a JSON list of strings")
        return cmd
    root = os.environ.get("TURNKIT_ROOT")
    if root:
        r = Path(root)
        node = shutil.which("node")
        if node is None:
            raise TurnkitNotFound("TURNKIT_ROOT is set but node is not on PATH")
        if (r / "src/cli/main.ts").is_file() and (r / "node_modules/tsx").exists():
            return [node, "--import", "tsx", str(r / "src/cli/main.ts"), "host", "--stdio"]
        if (r / "dist/cli/main.js").is_file():
            return [node, str(r / "dist/cli/main.js"), "host", "--stdio"]
        raise TurnkitNotFound(
            f"TURNKIT_ROOT={root} holds neither a checkout (src/cli/main.ts and node_modules/tsx) "
            "nor an installation (dist/cli/main.js)"
        )
    turnkit = shutil.which("turnkit")
    if turnkit:
        return [turnkit, "host", "--stdio"]
    raise TurnkitNotFound(
        "no turnkit to start: put `turnkit` on PATH (npm install -g turnkit), or set TURNKIT_ROOT "
        "to a turnkit checkout or installation"
    )


class Host:
    """One ``turnkit host --stdio`` process. ``request`` sends a message and returns the answer;
    an error answer raises TurnkitHostError. ``batch`` sends many in one line."""

    def __init__(self, command: Optional[Sequence[str]] = None):
        cmd = list(command) if command else host_command()
        cwd = os.environ.get("TURNKIT_ROOT") or None
        self._stderr = tempfile.TemporaryFile()
        try:
            self._proc = subprocess.Popen(
                cmd,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=self._stderr,
                cwd=cwd,
                bufsize=1 << 16,
            )
        except OSError as e:
            raise TurnkitNotFound(f"cannot start {' '.join(cmd)}: {e}") from None
        welcome = self.request({"type": "hello", "protocol": PROTOCOL})
        self.version = welcome.get("turnkit")

    def _send(self, text: str) -> Dict[str, Any]:
        proc = self._proc
        if proc.poll() is not None:
            raise RuntimeError(f"the turnkit host has exited ({proc.returncode}){self._last_words()}")
        try:
            proc.stdin.write(text.encode("utf-8") + b"\n")
            proc.stdin.flush()
            line = proc.stdout.readline()
        except BrokenPipeError:
            line = b""
        if not line:
            proc.wait(timeout=10)
            raise RuntimeError(f"the turnkit host has exited ({proc.returncode}){self._last_words()}")
        return json.loads(line)

    def _last_words(self) -> str:
        self._stderr.seek(0)
        text = self._stderr.read().decode("utf-8", "replace").strip()
        return f": {text[-2000:]}" if text else ""

    def request(self, message: Dict[str, Any]) -> Dict[str, Any]:
        reply = self._send(json.dumps(message, separators=(",", ":")))
        if reply.get("type") == "error":
            raise TurnkitHostError(reply["code"], reply["message"], reply["where"])
        return reply

    def batch(self, messages: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
        """The answers to ``messages``, in order; an error answer stays in the list (``type: error``)."""
        reply = self._send(json.dumps({"type": "batch", "messages": messages}, separators=(",", ":")))
        if reply.get("type") == "error":
            raise TurnkitHostError(reply["code"], reply["message"], reply["where"])
        return reply["replies"]

    def close(self) -> None:
        proc = getattr(self, "_proc", None)
        if proc is None or proc.poll() is not None:
            return
        try:
            self._send(json.dumps({"type": "close"}))
        except (RuntimeError, ValueError, OSError):
            pass
        try:
            proc.stdin.close()
            proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        self._stderr.close()

    def __del__(self):  # a host left open ends with its owner
        try:
            self.close()
        except Exception:
            pass
