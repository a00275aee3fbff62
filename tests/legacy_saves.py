"""The saved games of earlier versions (``saves.json``): written by tests that check their import.

The game itself no longer writes this format; the player store imports it
once (``sudoku_tui.game.store.import_saves``).

One file, ``saves.json``, holds the games in progress keyed by the puzzle
itself (shape and givens), so opening the same puzzle again resumes it from
any file, and remembers which game was played last. Every write goes to a
temporary file in the same folder, is flushed to disk, then renamed over
the old file: a kill at any moment leaves either the old save or the new
one, never half of one. A file that cannot be read is kept aside under a
new name and play goes on with no saves.
"""

from __future__ import annotations

import json
import os
import time
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sudoku_tui.engine.board.geometry import Shape
from sudoku_tui.engine.board.puzzle import LineError, Puzzle, format_line, parse_line
from sudoku_tui.engine.board.shapes import shape_for_size
from sudoku_tui.paths import data_dir

SAVE_NAME = "saves.json"
FORMAT_VERSION = 1
KEEP_GAMES = 100  # older games are dropped so the file stays small


class SaveError(Exception):
    """A save that could not be written; the previous save is untouched."""


@dataclass
class SavedGame:
    shape: str  # "9x9", "samurai", ...
    givens: str  # the puzzle line, "." for empty
    values: str  # the board as played, same alphabet
    marks: list[int]
    elapsed: float = 0.0
    solved: bool = False
    path: str | None = None  # the file it came from, if any
    index: int | None = None  # its number in that file
    saved_at: float = field(default_factory=time.time)
    cursor: int = 0  # the selected cell, so a game comes back where the player left it

    @property
    def key(self) -> str:
        return game_key(self.shape, self.givens)

    def puzzle(self) -> Puzzle:
        shape = shape_for_size(self.shape)
        return Puzzle(shape, parse_line(shape, self.givens))

    def value_list(self) -> list[int]:
        return list(parse_line(shape_for_size(self.shape), self.values))

    @classmethod
    def of(
        cls,
        puzzle: Puzzle,
        values: list[int],
        marks: list[int],
        elapsed: float,
        solved: bool = False,
        path: str | None = None,
        index: int | None = None,
        cursor: int = 0,
    ) -> SavedGame:
        shape: Shape = puzzle.shape
        return cls(
            shape=shape.name,
            givens=puzzle.to_line(),
            values=format_line(shape, values),
            marks=list(marks),
            elapsed=round(elapsed, 3),
            solved=solved,
            path=path,
            index=index,
            cursor=cursor,
        )


def game_key(shape_name: str, givens_line: str) -> str:
    return f"{shape_name}:{givens_line}"


def _game_from_json(raw: Any) -> SavedGame:
    if not isinstance(raw, dict):
        raise ValueError("a game is not an object")
    game = SavedGame(
        shape=str(raw["shape"]),
        givens=str(raw["givens"]),
        values=str(raw["values"]),
        marks=[int(m) for m in raw["marks"]],
        elapsed=float(raw.get("elapsed", 0.0)),
        solved=bool(raw.get("solved", False)),
        path=None if raw.get("path") is None else str(raw["path"]),
        index=None if raw.get("index") is None else int(raw["index"]),
        saved_at=float(raw.get("saved_at", 0.0)),
        cursor=int(raw.get("cursor", 0)),
    )
    # Validate against the engine so a damaged game never reaches the board.
    shape = shape_for_size(game.shape)
    givens = parse_line(shape, game.givens)
    values = parse_line(shape, game.values)
    if not 0 <= game.cursor < shape.size:
        game.cursor = 0
    if len(game.marks) != shape.size or any(g and g != v for g, v in zip(givens, values, strict=True)):
        raise ValueError("saved game does not fit its puzzle")
    return game


class SaveStore:
    """The saved games of one data folder."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else data_dir()
        self.path = self.folder / SAVE_NAME
        self.games: dict[str, SavedGame] = {}
        self.last_key: str | None = None
        self.notice: str | None = None  # set when an unreadable file was moved aside

    def load(self) -> SaveStore:
        """Read the saves; an unreadable file is kept aside and ``notice`` says so."""
        self.games, self.last_key, self.notice = {}, None, None
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return self
        except OSError as error:
            self.notice = f"Saved games could not be read ({error.strerror or error}); playing without them."
            return self
        try:
            raw = json.loads(data.decode("utf-8"))
            if not isinstance(raw, dict) or raw.get("version") != FORMAT_VERSION:
                raise ValueError("unknown save format")
            games = {}
            for item in raw.get("games", []):
                game = _game_from_json(item)
                games[game.key] = game
            last = raw.get("last")
            self.games = games
            self.last_key = last if isinstance(last, str) and last in games else None
        except (ValueError, KeyError, TypeError, LineError) as error:
            kept = self._keep_aside()
            where = f" It was kept as {kept.name}." if kept else ""
            self.notice = f"The saved games file could not be read ({error}).{where} Play goes on without it."
            self.games, self.last_key = {}, None
        return self

    def _keep_aside(self) -> Path | None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        for attempt in range(100):
            suffix = f".{attempt}" if attempt else ""
            target = self.path.with_name(f"{SAVE_NAME}.unreadable-{stamp}{suffix}")
            if not target.exists():
                try:
                    os.replace(self.path, target)
                except OSError:
                    return None
                return target
        return None

    def find(self, puzzle: Puzzle) -> SavedGame | None:
        return self.games.get(self.key_of(puzzle))

    def key_of(self, puzzle: Puzzle) -> str:
        return game_key(puzzle.shape.name, puzzle.to_line())

    def last(self) -> SavedGame | None:
        return self.games.get(self.last_key) if self.last_key else None

    def put(self, game: SavedGame) -> None:
        """Record a game as the latest one and write the file."""
        game.saved_at = time.time()
        self.games.pop(game.key, None)
        self.games[game.key] = game
        self.last_key = game.key
        if len(self.games) > KEEP_GAMES:
            for key in sorted(self.games, key=lambda k: self.games[k].saved_at)[: len(self.games) - KEEP_GAMES]:
                del self.games[key]
        self.write()

    def forget(self, key: str) -> None:
        if self.games.pop(key, None) is not None:
            if self.last_key == key:
                self.last_key = None
            self.write()

    def write(self) -> None:
        payload = {
            "version": FORMAT_VERSION,
            "last": self.last_key,
            "games": [asdict(game) for game in self.games.values()],
        }
        write_atomically(self.path, json.dumps(payload, separators=(",", ":")))


def write_atomically(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so that a crash leaves the old or the new file."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        with open(temporary, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, path)
    except OSError as error:
        with suppress(OSError, UnboundLocalError):
            temporary.unlink(missing_ok=True)
        raise SaveError(f"The game could not be saved: {error.strerror or error}.") from None
    try:
        # Make the rename itself durable; not every system allows opening a folder.
        folder = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(folder)
    except OSError:
        pass
    finally:
        os.close(folder)
