"""Bringing the games of the earlier ``saves.json`` into the store, once.

The earlier version kept the games in progress in ``saves.json`` (a version
number, the last game's key, and a list of games: shape, givens, values,
marks, elapsed, solved, path, index, saved_at). Each game is checked like a
row of the store, and one that does not read is skipped (the earlier
version dropped the whole file for one bad game). The games go into the
store in one transaction, then the file is renamed ``saves.json.imported``.

Every imported game gets an id made from its content, so importing the same
file again (after a stop between the commit and the rename) adds nothing.
A solved game becomes a history entry; the old file cannot tell a player's
solve from Solve's, so it counts as filled by Solve, never as the player's.
A file that cannot be opened is left as it is; one that opens but is not a
saves file is kept aside under a new name.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

from .checks import BadRow, check_finished, check_game
from .interface import StoreError
from .records import Aids, FinishedGame, Game
from .sqlite import SqliteStore

SAVES_NAME = "saves.json"
IMPORTED_NAME = "saves.json.imported"
FORMAT_VERSION = 1
MAX_BYTES = 32 * 1024 * 1024  # the earlier version kept at most 100 games: far less


class NotSaves(ValueError):
    """The file is not a saves file of the earlier version."""


@dataclass
class OldSaves:
    games: list[Game] = field(default_factory=list)  # in progress
    finished: list[FinishedGame] = field(default_factory=list)  # solved
    skipped: int = 0


def _content_id(raw: dict[str, object]) -> str:
    identity = json.dumps([str(raw.get(k))[:500] for k in ("shape", "givens", "saved_at")])
    return "saves-json-" + hashlib.sha256(identity.encode()).hexdigest()[:32]


def _row(raw: dict[str, object]) -> dict[str, object]:
    """An old game as the columns of a store's row."""
    path = raw.get("path")
    return {
        "game_id": _content_id(raw),
        "shape": raw.get("shape"),
        "givens": raw.get("givens"),
        "entries": raw.get("values"),
        "marks": raw.get("marks"),
        "elapsed": raw.get("elapsed", 0.0),
        "solved": raw.get("solved", False),
        "source_kind": "file" if path is not None else "made",
        "source_path": path,
        "source_index": raw.get("index"),
        "started_at": raw.get("saved_at", 0.0),
        "last_played": raw.get("saved_at", 0.0),
        "ended_at": raw.get("saved_at", 0.0),
    }


def _items(data: bytes) -> Iterator[object]:
    try:
        raw = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError) as error:
        raise NotSaves(f"not JSON: {error}") from None
    if not isinstance(raw, dict) or raw.get("version") != FORMAT_VERSION or not isinstance(raw.get("games"), list):
        raise NotSaves("not a saves file of a known version")
    yield from raw["games"]


def read_old_saves(data: bytes) -> OldSaves:
    """The games of a ``saves.json``; NotSaves when it is not one at all."""
    saves = OldSaves()
    for item in _items(data):
        try:
            if not isinstance(item, dict):
                raise BadRow("a game that is not an object")
            row = _row(item)
            game = check_game(row)
            if game.solved:
                entry = check_finished(row | {"solve_used": 1})
                saves.finished.append(replace(entry, aids=Aids(entry.aids.hints, entry.aids.checks, False, True)))
            else:
                saves.games.append(game)
        except BadRow:
            saves.skipped += 1
    return saves


def free_name(path: Path, suffix: str) -> Path | None:
    """``path`` with ``suffix``, or with ``suffix.1``, ``.2``… when taken; None when a hundred are."""
    for attempt in range(100):
        target = path.with_name(path.name + suffix + (f".{attempt}" if attempt else ""))
        if not os.path.lexists(target):
            return target
    return None


def read_saves_file(folder: Path) -> tuple[bytes | None, str | None]:
    """The bytes of ``saves.json`` (None when there is none or it cannot be read) and what to tell."""
    path = folder / SAVES_NAME
    if not os.path.lexists(path):
        return None, None
    try:
        if path.stat().st_size > MAX_BYTES:
            raise OSError("the file is far too large")
        return path.read_bytes(), None
    except OSError as error:
        reason = error.strerror or str(error)
        told = f"The saved games of the earlier version ({path.name}) could not be read ({reason}); left as they are."
        return None, told


def _rename(path: Path, suffix: str) -> Path | None:
    target = free_name(path, suffix)
    if target is None:
        return None
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target


def import_old_saves(folder: Path, store: SqliteStore, player: str) -> list[str]:
    """Bring ``folder/saves.json`` into ``store`` for ``player`` and rename it; what to tell the player."""
    data, problem = read_saves_file(folder)
    if data is None:
        return [problem] if problem else []
    path = folder / SAVES_NAME
    try:
        saves = read_old_saves(data)
    except NotSaves as error:
        kept = _rename(path, ".unreadable")
        where = f" It was kept as {kept.name}." if kept else ""
        return [f"The saved games of the earlier version could not be read ({error}).{where}"]
    try:
        store.import_games(player, saves.games, saves.finished)
    except StoreError as error:
        return [f"{error} The saved games of the earlier version stay in {SAVES_NAME}."]
    notices = []
    if saves.skipped:
        games, were = ("game", "was") if saves.skipped == 1 else ("games", "were")
        notices.append(f"{saves.skipped} saved {games} of the earlier version could not be read and {were} skipped.")
    if _rename(path, IMPORTED_NAME.removeprefix(SAVES_NAME)) is None:
        notices.append(f"{SAVES_NAME} was imported but could not be renamed; reading it again adds nothing.")
    return notices
