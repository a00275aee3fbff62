"""``sudoku-tui serve ssh|web`` (docs/serving.md): a server started
from the command line's options (described in :mod:`sudoku_tui.cli.serve_commands`).

The server's libraries are imported when a server starts, and a missing
``server`` extra is one sentence.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from dataclasses import replace
from typing import Any

from ..game import texts
from ..paths import install_command
from .server_settings import ServerSettings, server_folder


def settings_from(args: argparse.Namespace) -> ServerSettings:
    settings = ServerSettings(
        folder=(args.data or server_folder()).expanduser().resolve(),
        store=args.store,
        puzzles=tuple(args.puzzles),
        memory_mb=args.memory,
        nice=args.nice,
        compiled_solver=args.solver == "compiled",
        # A server of the command line forks its games from a warm template; one made in a
        # program of its own (a test) starts them anew unless told, not adopting orphans there.
        warm_games=args.serve_kind == "ssh" and not args.cold_games,
    )
    changes: dict[str, Any] = {}
    if args.making_at_once is not None:
        changes["making_at_once"] = args.making_at_once
    for name in ("max_sessions", "idle_timeout", "login_timeout", "connections_per_minute"):
        if hasattr(args, name):
            changes[name] = getattr(args, name)
    return replace(settings, **changes)


def run_serve(args: argparse.Namespace) -> int:
    settings = settings_from(args)
    # Whatever the server and its games make (store, host key, locks) is the server's user's
    # alone: the store holds every player's games.
    os.umask(0o077)
    try:
        settings.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as error:
        print(f"The server's folder {settings.folder} cannot be used: {error.strerror or error}.", file=sys.stderr)
        return 1
    try:
        if args.serve_kind == "ssh":
            return _run_ssh(args, settings)
        return _run_web(args, settings)
    except ImportError as error:
        print(texts.needs_extra("serve", "server", str(error.name), install_command("server")), file=sys.stderr)
        return 1


def _run_ssh(args: argparse.Namespace, settings: ServerSettings) -> int:
    # asyncssh: the server extra, loaded only when a server starts.
    from .authorized_keys import KeyFileProblem
    from .ssh_server import SshServer

    host, port = args.listen
    try:
        server = SshServer(
            settings,
            host=host,
            port=port,
            host_key_file=args.host_key,
            authorized_keys=args.authorized_keys,
            guests=args.guests,
        )
        asyncio.run(server.run())
    except KeyFileProblem as problem:
        print(problem, file=sys.stderr)
        return 2
    except OSError as error:
        print(f"The SSH server cannot start: {error.strerror or error}.", file=sys.stderr)
        return 1
    return 0


def _run_web(args: argparse.Namespace, settings: ServerSettings) -> int:
    from .web import run_web  # textual-serve: the server extra, loaded only when a server starts

    host, port = args.listen
    try:
        run_web(settings, host, port, args.public_url, tuple(args.allow_origin))
    except OSError as error:
        print(f"The web server cannot start: {error.strerror or error}.", file=sys.stderr)
        return 1
    return 0
