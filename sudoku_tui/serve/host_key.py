"""The server's host key: an Ed25519 key made on the first start and reused after."""

from __future__ import annotations

import os
from pathlib import Path

import asyncssh


def host_key(path: Path) -> asyncssh.SSHKey:
    """The key in ``path``, made there (readable by the server's user only) when there is none."""
    if path.exists():
        return asyncssh.read_private_key(path)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519")
    made = path.with_name(path.name + ".new")
    # Made under another name and then renamed, so a crash never leaves half a key.
    handle = os.open(made, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(handle, "wb") as out:
        out.write(key.export_private_key())
    os.replace(made, path)
    return key
