"""``sudoku-tui serve ssh|web`` (docs/serving.md): the options here;
what runs a server is :mod:`sudoku_tui.serve.command`.

The options load nothing heavy; the server's libraries are imported when a
server starts, and a missing ``server`` extra is one sentence.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..game import texts
from ..serve.origins import origin_of
from .arguments import positive
from .registry import Command


def _run_serve(args: argparse.Namespace) -> int:
    # The server's modules (the store, the recording) load when it starts: the other commands start sooner.
    from ..serve.command import run_serve

    return run_serve(args)


def _listen(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    try:
        number = int(port)
    except ValueError:
        raise argparse.ArgumentTypeError(texts.not_listen_address(text)) from None
    if not 0 <= number <= 65535:
        raise argparse.ArgumentTypeError(texts.not_a_port(number))
    return host.strip("[]") or "127.0.0.1", number


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(texts.not_seconds(text)) from None
    if value <= 0:
        raise argparse.ArgumentTypeError(texts.not_more_than_zero_seconds(text))
    return value


def _origin(text: str) -> str:
    if origin_of(text) is None:
        raise argparse.ArgumentTypeError(texts.not_an_origin(text))
    return text


def _folder(text: str) -> Path:
    path = Path(text).expanduser()
    if not path.is_dir():
        raise argparse.ArgumentTypeError(texts.not_a_folder(text))
    return path.resolve()


def _shared_options(parser: argparse.ArgumentParser, default_port: int) -> None:
    parser.add_argument(
        "--listen",
        type=_listen,
        default=("127.0.0.1", default_port),
        metavar="ADDR:PORT",
        help=f"where to listen (default 127.0.0.1:{default_port}; 0.0.0.0:{default_port} for everyone)",
    )
    parser.add_argument(
        "--data",
        type=Path,
        default=None,
        metavar="DIR",
        help="the server's own folder: host key, store, locks (default: sudoku-tui/server in the data folder)",
    )
    parser.add_argument(
        "--store",
        metavar="URL",
        default=None,
        help="where players' games are kept: a folder (SQLite) or postgresql://... (default the server's folder)",
    )
    parser.add_argument(
        "--puzzles",
        type=_folder,
        action="append",
        default=[],
        metavar="DIR",
        help="a folder of puzzle files players may open, besides the bundled ones (repeatable)",
    )
    parser.add_argument(
        "--memory", type=positive, default=1024, metavar="MB", help="each game's memory cap (default 1024)"
    )
    parser.add_argument(
        "--nice",
        type=int,
        choices=range(20),
        default=10,
        metavar="N",
        help="each game's lower CPU priority (default 10)",
    )
    parser.add_argument(
        "--solver",
        choices=("pure", "compiled"),
        default="pure",
        help="each game's search: pure Python, light and quick to start (default), or the compiled one "
        "of the fast extra, loaded when a game first needs it (about 60 MB more per game that does)",
    )
    parser.add_argument(
        "--making-at-once",
        type=positive,
        default=None,
        metavar="N",
        help="puzzles being made at once, for all players together (default half the cores)",
    )


def _session_limits(parser: argparse.ArgumentParser, new: str) -> None:
    """The same limits for both servers: games at once, and ``new`` (connections, games) per address a minute."""
    parser.add_argument("--max-sessions", type=positive, default=50, metavar="N", help="games at once (default 50)")
    parser.add_argument(
        "--connections-per-minute",
        type=positive,
        default=10,
        metavar="N",
        help=f"new {new} per address (default 10)",
    )


def _add_serve(serve: argparse.ArgumentParser) -> None:
    kinds = serve.add_subparsers(dest="serve_kind", metavar="ssh|web", required=True)

    ssh = kinds.add_parser("ssh", help="an SSH server: ssh -p 2222 HOST plays")
    _shared_options(ssh, 2222)
    ssh.add_argument("--host-key", type=Path, metavar="FILE", help="the Ed25519 host key (made when missing)")
    ssh.add_argument("--authorized-keys", type=Path, metavar="FILE", help="only these keys get in")
    ssh.add_argument("--guests", action="store_true", help="also admit clients without a key (games last the session)")
    _session_limits(ssh, "connections")
    ssh.add_argument(
        "--idle-timeout", type=_seconds, default=1800.0, metavar="SECONDS", help="idle sessions close (default 1800)"
    )
    ssh.add_argument("--login-timeout", type=_seconds, default=30.0, metavar="SECONDS", help="(default 30)")
    ssh.add_argument(
        "--cold-games",
        action="store_true",
        help="start each game as a new Python process, not forked from the warm template (slower, more memory)",
    )

    web = kinds.add_parser("web", help="a web server: the game in a browser tab, one game process per tab")
    _shared_options(web, 8000)
    web.add_argument("--public-url", metavar="URL", help="the address browsers use, when behind a proxy")
    web.add_argument(
        "--allow-origin",
        type=_origin,
        action="append",
        default=[],
        metavar="ORIGIN",
        help="also let pages of this origin (https://host[:port]) start games; only the server's own by default "
        "(repeatable)",
    )
    _session_limits(web, "games")


COMMANDS = (
    Command("serve", "serve the game over SSH or on the web, a game process per player", _add_serve, _run_serve),
)
