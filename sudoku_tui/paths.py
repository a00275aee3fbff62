"""Where the bundled puzzles and the player's data live, and where the game was installed from."""

from __future__ import annotations

import json
import os
import shlex
import sys
from pathlib import Path
from urllib.parse import urlparse


def bundled_puzzles() -> Path:
    """The bundled puzzle files, inside the package (a source checkout's
    top-level ``puzzles/`` links to the same folder)."""
    return Path(__file__).resolve().parent / "puzzles"


def data_dir() -> Path:
    """``$XDG_DATA_HOME/sudoku-tui``, else ``~/.local/share/sudoku-tui``."""
    base = os.environ.get("XDG_DATA_HOME")
    root = Path(base) if base else Path.home() / ".local" / "share"
    return root / "sudoku-tui"


def puzzle_path(name: str) -> Path:
    """The file a command line names: as given when it exists, else the bundled
    puzzle of that name (``sudoku-tui solve 9x9-easy.txt`` works after an install)."""
    given = Path(name)
    try:
        if given.exists() or given.is_absolute():
            return given
        bundled = bundled_puzzles() / given
        return bundled if bundled.is_file() else given
    except (OSError, ValueError):  # a name too long to look up: let the reader say so
        return given


DISTRIBUTION = "sudoku-tui"


def install_command(extra: str, search: list[str] | None = None, code: Path | None = None) -> str:
    """The pip command that adds ``extra`` to the game as it is installed here.

    Code that runs from a clone (its folder holds ``pyproject.toml``) is installed
    again from the clone, editable when it was (``direct_url.json`` says so,
    PEP 610); an install from a local folder, from that folder; only an install
    from an index is named by the package's name (there is none on an index yet).
    ``search``: where to look for the install's metadata (``sys.path`` when None);
    ``code``: the package's folder (this one when None).
    """
    from importlib.metadata import Distribution  # only when a message needs it

    tree = (code or Path(__file__).resolve().parent).parent
    told = [
        _installed_from(dist.read_text("direct_url.json"))
        for dist in Distribution.discover(name=DISTRIBUTION, path=search or sys.path)
    ]
    if (tree / "pyproject.toml").is_file():
        editable = any(folder is not None and Path(folder) == tree and editable for folder, editable in told)
        return f"pip install {'-e ' if editable else ''}{shlex.quote(f'{tree}[{extra}]')}"
    folder = next((folder for folder, _ in told if folder is not None), None)
    return f"pip install {shlex.quote(f'{folder or DISTRIBUTION}[{extra}]')}"


def _installed_from(direct_url: str | None) -> tuple[str | None, bool]:
    """The local folder an install came from (None for an index or an archive) and
    whether it is editable, from its ``direct_url.json`` (PEP 610)."""
    if not direct_url:
        return None, False
    try:
        told = json.loads(direct_url)
    except ValueError:
        return None, False
    url = told.get("url") if isinstance(told, dict) else None
    info = told.get("dir_info") if isinstance(told, dict) else None
    if not isinstance(url, str) or not url.startswith("file://") or not isinstance(info, dict):
        return None, False
    # urllib.request (http.client, email) loads only here: every command starts sooner.
    from urllib.request import url2pathname

    folder = url2pathname(urlparse(url).path)
    if not Path(folder).is_dir():
        return None, False
    return folder, info.get("editable") is True
