"""Checking what a store hands back before the game uses it.

A store's row is a mapping from column name to whatever the database held,
and a database holds what anyone wrote into it: text where a number belongs,
a NaN or an infinite time, a million characters, nested lists in the pencil
marks. :func:`check_game` and :func:`check_finished` turn a row into a
record or raise :class:`BadRow`; they never raise anything else.

What makes a row bad: anything that says which puzzle it is or how the game
ended (the shape, the givens, the board, the flags). What is mended instead:
a time out of range (clamped), pencil marks or colours that do not fit (dropped), a
file path that cannot be a path (the game then counts as made), an unknown
level (none). A game in progress whose time is not a number keeps its board
with the clock at zero; a history entry with such a time is bad, as it
would falsify the best and median times.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from datetime import date

from ...engine.board.geometry import Shape
from ...engine.board.puzzle import LineError, parse_line
from ...engine.board.shapes import shape_for_size
from ...engine.board.variants import line_fields_of
from ...engine.files.variant_lines import LineFailure, check_fields
from ...engine.logic.step import TechniqueName
from .records import LEVELS, ROOM_GAME_KINDS, Aids, FinishedGame, Game, RoomGame, Source, boards, game_key

Row = Mapping[str, object]

MAX_ELAPSED = 10_000_000.0  # seconds: some 115 days of play
MAX_COUNT = 1_000_000  # hints or checks in one game
MAX_TIMESTAMP = 253_402_300_799.0  # the last second of the year 9999
MAX_PATH = 4096
MAX_ID = 80
MAX_PLAYER = 256
MOST_MOVE_BYTES = 4_000_000  # a game's recorded moves: some 800 000 moves, past any game played
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_ROOM_NAME = re.compile(r"[A-Za-z0-9_-]{1,16}")  # a name as rooms show it (rooms.messages checks it in full)
MAX_ROOM_SEATS = 40  # a room's seats: no race has a larger field, no co-op more others
_ID = re.compile(r"[A-Za-z0-9:_.-]+")
_COLOUR_DIGITS = re.compile(r"[0-6]+")


class BadRow(ValueError):
    """A row that does not hold a record."""


def check_player(player: object) -> str:
    """A player id as the store takes it; ValueError for anything else."""
    if not isinstance(player, str) or not 0 < len(player) <= MAX_PLAYER or _CONTROL.search(player):
        raise ValueError(f"not a player id: {str(player)[:40]!r}")
    return player


def _number(value: object) -> float | None:
    """An int or a float as a float; None for anything else (bool, text, bytes)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        return float(value)
    except OverflowError:  # an int too large for a float
        return math.inf if value > 0 else -math.inf


def _whole(value: object, low: int, high: int) -> int:
    number = _number(value)
    if number is None or math.isnan(number) or number < low:
        raise BadRow(f"not a count: {str(value)[:40]!r}")
    return int(min(number, high))


def _flag(value: object) -> bool:
    if isinstance(value, bool) or value in (0, 1):
        return bool(value)
    raise BadRow("a flag that is neither 0 nor 1")


def _seconds(value: object, *, lenient: bool) -> float:
    """A time played, clamped to 0 .. MAX_ELAPSED; one that is not a number is 0 when ``lenient``."""
    number = _number(value)
    if number is None or math.isnan(number):
        if lenient:
            return 0.0
        raise BadRow("a time that is not a number")
    return min(max(number, 0.0), MAX_ELAPSED)


def _timestamp(value: object, *, lenient: bool) -> float:
    number = _number(value)
    if number is None or not math.isfinite(number) or not 0 <= number <= MAX_TIMESTAMP:
        if lenient:
            return 0.0
        raise BadRow("a date that is not a date")
    return number


def _text(value: object, limit: int) -> str:
    if not isinstance(value, str) or len(value) > limit:
        raise BadRow("text where none fits")
    return value


def _shape(value: object) -> Shape:
    name = _text(value, 16)
    if name not in boards():
        raise BadRow(f"an unknown board {name!r}")
    return shape_for_size(name)


# A killer's line: givens, cage map, and up to 62 sums of two digits and a comma, with room to spare.
LONGEST_VARIANT_LINE = 400


def _lines(row: Row, shape: Shape, with_values: bool) -> tuple[str, str]:
    """The givens and (when asked) the board lines; the board must keep every given."""
    per_line = line_fields_of(shape) is not None
    longest = LONGEST_VARIANT_LINE if per_line else shape.line_length
    givens_line = _text(row.get("givens"), longest)
    values_line = _text(row.get("entries"), longest) if with_values else givens_line
    try:
        givens, values = parse_line(shape, givens_line), parse_line(shape, values_line)
        if per_line:
            check_fields(shape.variant, givens_line.split(" "))
    except LineError as error:
        raise BadRow(f"a board that is not a puzzle line ({error})") from None
    except LineFailure:
        raise BadRow("a variant line whose regions or cages are not valid") from None
    if any(g and g != v for g, v in zip(givens, values, strict=True)):
        raise BadRow("a board that changes a given")
    key = row.get("puzzle_key", game_key(shape.name, givens_line))
    if key != game_key(shape.name, givens_line):
        raise BadRow("a puzzle key that is not its puzzle's")
    return givens_line, values_line


def _marks(value: object, shape: Shape) -> tuple[int, ...]:
    """The pencil marks: a JSON list (or a list) of bit sets; whatever does not fit is dropped."""
    empty = (0,) * shape.size
    if isinstance(value, str):
        # Checked for length before parsing: no deeply nested or huge text reaches the parser.
        if len(value) > 12 * shape.size + 2:
            return empty
        try:
            value = json.loads(value)
        except (ValueError, RecursionError):
            return empty
    if not isinstance(value, list) or len(value) != shape.size:
        return empty
    top = 1 << shape.n
    return tuple(m if isinstance(m, int) and not isinstance(m, bool) and 0 <= m < top else 0 for m in value)


def _game_id(value: object) -> str:
    text = _text(value, MAX_ID)
    if not _ID.fullmatch(text):
        raise BadRow("a game id that is not one")
    return text


def stored_start(row: Row) -> tuple[str | None, float | None]:
    """The game id and start time of a stored game, each None when it cannot be used."""
    try:
        game_id: str | None = _game_id(row.get("game_id"))
    except BadRow:
        game_id = None
    started = _timestamp(row.get("started_at"), lenient=True)
    return game_id, started or None


def _source(row: Row) -> Source:
    """Where the puzzle came from; what cannot be read makes it a made puzzle."""
    kind = row.get("source_kind")
    if kind == "file":
        path = row.get("source_path")
        if isinstance(path, str) and 0 < len(path) <= MAX_PATH and not _CONTROL.search(path):
            index = row.get("source_index")
            if isinstance(index, int) and not isinstance(index, bool) and 0 <= index <= MAX_COUNT:
                return Source("file", path, index)
            return Source("file", path)
    elif kind == "practice":
        technique = row.get("source_path")
        return Source.practice(technique) if technique in PRACTISED_NAMES else Source()
    elif kind == "daily":
        day = row.get("daily_date")
        try:
            return Source.daily(date.fromisoformat(day)) if isinstance(day, str) and len(day) == 10 else Source()
        except ValueError:
            return Source()
    elif kind == "own":
        return Source.own()
    return Source()


PRACTISED_NAMES = frozenset(name.value for name in TechniqueName)


def _level(value: object) -> str | None:
    return value if isinstance(value, str) and value in LEVELS else None


def _aids(row: Row) -> Aids:
    return Aids(
        hints=_whole(row.get("hints", 0), 0, MAX_COUNT),
        checks=_whole(row.get("checks", 0), 0, MAX_COUNT),
        mistakes_shown=_flag(row.get("mistakes_shown", 0)),
        solve_used=_flag(row.get("solve_used", 0)),
    )


def _cursor(value: object, shape: Shape) -> int:
    """A cell of the board; anything else puts the cursor back at the first cell."""
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < shape.size else 0


def _room(row: Row) -> RoomGame | None:
    """The room a history entry was played in; None for a game alone. What cannot be read of
    it is mended (names that are not names dropped, a place past the field forgotten): the
    entry itself stays good, as its time and outcome are."""
    kind = row.get("room_kind")
    if kind not in ROOM_GAME_KINDS:
        return None
    names = row.get("room_with")
    others = tuple(
        name
        for name in (names.split(" ") if isinstance(names, str) and len(names) <= 17 * MAX_ROOM_SEATS else ())
        if _ROOM_NAME.fullmatch(name)
    )
    if kind == "coop":
        return RoomGame("coop", others)
    place, field = (_room_count(row.get(column)) for column in ("room_place", "room_field"))
    return RoomGame("race", others, place if place <= field else 0, field)


def _room_count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_ROOM_SEATS else 0


def checked_room(room: RoomGame | None) -> RoomGame | None:
    """A room about to be written, as it would read back."""
    return None if room is None else _room(room_columns(room))


def _colours(value: object, shape: Shape) -> tuple[int, ...]:
    """The cells' paint: a digit 0-6 a cell; anything else (an older game's "") is no paint."""
    if not isinstance(value, str) or len(value) != shape.size or not _COLOUR_DIGITS.fullmatch(value):
        return ()
    colours = tuple(int(digit) for digit in value)
    return colours if any(colours) else ()


def recorded_moves(value: object) -> bytes:
    """A game's recorded moves as stored (NULL in a game of before they were recorded): bytes, read when
    replayed (recording.py says what bytes that are no moves do then)."""
    if isinstance(value, bytes | bytearray | memoryview) and len(value) <= MOST_MOVE_BYTES:
        return bytes(value)
    return b""


def check_game(row: Row) -> Game:
    """A game in progress from a store's row; BadRow when it cannot be one."""
    shape = _shape(row.get("shape"))
    givens, values = _lines(row, shape, with_values=True)
    game_id = row.get("game_id")
    return Game(
        shape=shape.name,
        givens=givens,
        values=values,
        marks=_marks(row.get("marks"), shape),
        elapsed=_seconds(row.get("elapsed"), lenient=True),
        solved=_flag(row.get("solved", 0)),
        source=_source(row),
        level=_level(row.get("level")),
        aids=_aids(row),
        game_id=None if game_id is None else _game_id(game_id),
        started_at=_timestamp(row.get("started_at"), lenient=True),
        last_played=_timestamp(row.get("last_played"), lenient=True),
        cursor=_cursor(row.get("cursor", 0), shape),
        colours=_colours(row.get("colours", ""), shape),
        moves=recorded_moves(row.get("moves")),
    )


def check_finished(row: Row) -> FinishedGame:
    """A history entry from a store's row; BadRow when it cannot be one."""
    shape = _shape(row.get("shape"))
    givens, _ = _lines(row, shape, with_values=False)
    aids = _aids(row)
    solved = _flag(row.get("solved"))
    return FinishedGame(
        game_id=_game_id(row.get("game_id")),
        shape=shape.name,
        givens=givens,
        level=_level(row.get("level")),
        source=_source(row),
        elapsed=_seconds(row.get("elapsed"), lenient=False),
        aids=aids,
        solved=solved,
        ended_at=_timestamp(row.get("ended_at"), lenient=False),
        room=_room(row),
    )


def checked_game(game: Game) -> Game:
    """A game about to be written, as it would read back; ValueError for one that cannot be stored."""
    try:
        return check_game(game_row(game))
    except BadRow as error:
        raise ValueError(f"not a game to store: {error}") from None


def game_row(game: Game) -> dict[str, object]:
    """The columns of a game in progress (without the player and the store's stamps)."""
    return {
        "puzzle_key": game.key,
        "game_id": game.game_id,
        "shape": game.shape,
        "givens": game.givens,
        "entries": game.values,
        "marks": json.dumps(list(game.marks), separators=(",", ":")),
        "elapsed": game.elapsed,
        "solved": int(game.solved),
        **_source_columns(game.source),
        "level": game.level,
        **_aid_columns(game.aids),
        "started_at": game.started_at,
        "last_played": game.last_played,
        "cursor": game.cursor,
        "colours": "".join(str(colour) for colour in game.colours),
        "moves": game.moves or None,
    }


def finished_row(finished: FinishedGame) -> dict[str, object]:
    """The columns of a history entry (without the player)."""
    return {
        "game_id": finished.game_id,
        "puzzle_key": finished.key,
        "shape": finished.shape,
        "givens": finished.givens,
        "level": finished.level,
        **_source_columns(finished.source),
        "elapsed": finished.elapsed,
        **_aid_columns(finished.aids),
        "solved": int(finished.solved),
        "ended_at": finished.ended_at,
        **room_columns(finished.room),
    }


def room_columns(room: RoomGame | None) -> dict[str, object]:
    """A room as the history's columns: the others' names one space apart (no name holds one)."""
    if room is None:
        return {"room_kind": None, "room_with": None, "room_place": None, "room_field": None}
    others = " ".join(room.others)
    return {"room_kind": room.kind, "room_with": others, "room_place": room.place, "room_field": room.field}


def _source_columns(source: Source) -> dict[str, object]:
    return {
        "source_kind": source.kind,
        "source_path": source.path,
        "source_index": source.index,
        "daily_date": source.day.isoformat() if source.day is not None else None,
    }


def _aid_columns(aids: Aids) -> dict[str, object]:
    return {
        "hints": aids.hints,
        "checks": aids.checks,
        "mistakes_shown": int(aids.mistakes_shown),
        "solve_used": int(aids.solve_used),
    }
