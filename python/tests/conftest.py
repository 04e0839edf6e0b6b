import os
from pathlib import Path

import pytest

# The checkout this package lives in, unless the caller names a turnkit.
if "TURNKIT_ROOT" not in os.environ and "TURNKIT_HOST_COMMAND" not in os.environ:
    root = Path(__file__).resolve().parents[2]
    if (root / "src/cli/main.ts").is_file():
        os.environ["TURNKIT_ROOT"] = str(root)


@pytest.fixture(scope="session")
def host():
    from turnkit_env import Host

    h = Host()
    yield h
    h.close()
