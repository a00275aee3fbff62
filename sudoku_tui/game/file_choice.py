"""Turning what a player typed or saved into a puzzle file's path, or a sentence that says why not.

Paths come from the Open dialog's box and from saved games; neither may ever
crash the game, whatever they hold (a name over 255 characters, ``~nosuchuser``,
a folder the player may not read).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from . import texts
from .printable import printable

# What the Open dialog's tree lists besides folders: the formats the game reads.
PUZZLE_SUFFIXES = frozenset({".txt", ".sdk", ".ss", ".sdm"})

# Longest name a sentence quotes whole; longer ones are cut in the middle.
NAME_SHOWN = 40

# Longest name (bytes) a folder entry may have on the systems the game runs on.
NAME_MAX = 255


class PathProblem(Exception):
    """A path that cannot be used; ``sentence`` says why, for the player."""

    def __init__(self, sentence: str) -> None:
        super().__init__(sentence)
        self.sentence = sentence


@dataclass(frozen=True)
class Chosen:
    """A path that exists: a folder to show, or a file to open."""

    path: Path
    is_folder: bool


def shown_name(path: Path | str) -> str:
    """A file's name as a sentence quotes it: whole when short, else its two ends;
    its control characters escaped."""
    name = printable(Path(path).name or str(path))
    if len(name) <= NAME_SHOWN:
        return name
    half = NAME_SHOWN // 2 - 1
    return f"{name[:half]}…{name[-half:]}"


def os_problem(path: Path | str, error: OSError) -> str:
    """The sentence for an error the system gave about ``path``."""
    name = shown_name(path)
    if error.errno == errno.ENAMETOOLONG:
        if any(len(os.fsencode(part)) > NAME_MAX for part in Path(path).parts):
            return texts.PATH_NAME_TOO_LONG
        return texts.PATH_TOO_LONG  # short names, over 4,096 bytes in all
    if error.errno in (errno.EACCES, errno.EPERM):
        return texts.path_not_permitted(name)
    if error.errno in (errno.ENOENT, errno.ENOTDIR):
        return texts.no_such_file(name)
    return texts.path_not_opened(name, error.strerror or error)


def _expand(text: str) -> Path:
    try:
        return Path(text).expanduser()
    except (RuntimeError, ValueError):  # ~name of no user (a NUL byte in it too), or no home folder
        first = shown_name(text.split("/", 1)[0])
        raise PathProblem(texts.no_home_folder(first)) from None


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError as error:
        raise PathProblem(os_problem(path, error)) from None


def _listable(path: Path) -> None:
    """A folder the tree can show; else why not (one the player may not read)."""
    try:
        with os.scandir(path):
            pass
    except OSError as error:
        raise PathProblem(os_problem(path, error)) from None


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except OSError as error:
        raise PathProblem(os_problem(path, error)) from None


# What a served game says about any path outside the folders the server named.
OUTSIDE_FOLDERS = texts.OUTSIDE_FOLDERS


@dataclass(frozen=True)
class PuzzleFolders:
    """The only folders a served game may open puzzle files from (the bundled
    puzzles and those the server names); a game on one's own machine has none."""

    roots: tuple[Path, ...]

    @classmethod
    def of(cls, folders: Iterable[Path]) -> PuzzleFolders:
        return cls(tuple(Path(os.path.realpath(folder)) for folder in folders))

    def holds(self, path: Path) -> bool:
        """Whether ``path`` is inside one of the folders, both as written and once its
        links are followed (a link inside that points out is outside).

        As written first, so a path outside is refused before anything about it is
        looked up: a player learns nothing of the server's files, not even whether
        one exists."""
        try:
            return self._under(Path(os.path.abspath(path))) and self._under(Path(os.path.realpath(path)))
        except (OSError, ValueError):  # a NUL byte, a name too long: nothing to open there
            return False

    def _under(self, path: Path) -> bool:
        return any(path == root or path.is_relative_to(root) for root in self.roots)

    def check(self, path: Path) -> None:
        if not self.holds(path):
            raise PathProblem(OUTSIDE_FOLDERS)

    def hidden(self, text: str) -> str:
        """``text`` (a folder's path, a file's sentence) with each folder's path as its
        name alone: ``puzzles/9x9-easy.txt``. A served player sees none of the server's
        paths, where it keeps the game installed among them."""
        for root in sorted(self.roots, key=lambda root: len(str(root)), reverse=True):
            if root.parent != root:
                text = text.replace(str(root), root.name)
        return text

    def located(self, text: str) -> Path | None:
        """The path a player typed as it was shown (``puzzles/...``, a folder's name
        first); None when it starts with no folder's name."""
        first, _, rest = text.partition("/")
        for root in self.roots:
            if first == root.name:
                return root / rest if rest else root
        return None


def choose_typed(text: str, folder: Path, within: PuzzleFolders | None = None) -> Chosen:
    """The file or folder a player typed; a bare name means one in ``folder``.
    ``within``: a served game, where only those folders may be opened (and ``~``
    is no one's home: the name is taken as written, beside ``folder``)."""
    text = text.strip()
    if not text:
        raise PathProblem(texts.TYPE_A_PATH)
    if within is not None:
        path = Path(text)
        path = path if path.is_absolute() else within.located(text) or folder / path
        within.check(path)
    else:
        path = _expand(text)
    if not path.is_absolute() and not _exists(path):
        beside = folder / path
        if _exists(beside):
            path = beside
    if _is_dir(path):
        _listable(path)  # else the tree shows it empty, and says nothing
        return Chosen(path, is_folder=True)
    if not _exists(path):
        raise PathProblem(texts.no_such_file(shown_name(path)))
    return Chosen(path, is_folder=False)


def saved_file(path_text: str, within: PuzzleFolders | None = None) -> Path | None:
    """The file a saved game came from, when it is still there to open (and, on a
    server, inside its puzzle folders); else None."""
    try:
        path = Path(path_text)
        if within is not None and not within.holds(path):
            return None
        return path if path.is_file() else None
    except (OSError, ValueError):  # a name too long, a NUL byte: the file is not there to open
        return None


def is_puzzle_file(path: Path) -> bool:
    """Whether the Open dialog's tree lists this file."""
    return path.suffix.lower() in PUZZLE_SUFFIXES and not path.name.startswith(".")
