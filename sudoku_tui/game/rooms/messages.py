"""The messages between a room's games (docs/serving.md, "Rooms"): one JSON object a line.

A game process and its server's room hub talk in lines of JSON (UTF-8, at most
:data:`MAX_LINE` bytes). JSON because it is plain text that every side parses
with the standard library, executes nothing, says what each field is, and
crosses hosts unchanged as a PostgreSQL NOTIFY payload (text, under 8000
bytes). Every message is checked field by field where it is read
(:func:`decode`): a kind from :data:`KINDS`, each field of the type and range
its kind says, names by the name rule, a puzzle as a line the engine reads.
Nothing else is passed on, so no client can send another player's game
markup or a control character.

A game names the other players by their place in the room (``seat``), never
by their key.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ..players.link_codes import ALPHABET
from ..players.names import GUEST_NAME_PREFIX, NAME

MAX_LINE = 4096  # bytes of one message, its newline included
ROOM_CODE_LENGTH = 6
MAX_PLAYERS = 8
RoomKind = Literal["race", "coop"]
ROOM_KINDS: tuple[RoomKind, ...] = ("race", "coop")
Role = Literal["host", "player", "watcher"]
ROLES: tuple[Role, ...] = ("host", "player", "watcher")


class BadMessage(ValueError):
    """A line that is not a message of the rooms: ``str(error)`` says what, for the log."""


# Each kind's fields and their types: "int" a non-negative int below 2**31, "bool",
# "code" a room code, "name" a player's name, "line" a puzzle line, "shape" a board's
# name, "kind" a room kind, "role", "seats" a list of seat records.
KINDS: dict[str, dict[str, str]] = {
    # a game to the hub
    "hello": {"player": "id", "name": "name"},
    "create": {"room": "kind"},
    "join": {"code": "code", "watch": "bool"},
    "leave": {},
    "find": {},  # instead of create or join: which open room holds a seat of this player?
    # the host's choice, before the start; the hub sends it on to every game, and to a joiner
    "puzzle": {"shape": "shape", "line": "line"},
    "start": {},  # a race's host
    "rematch": {},  # a race's host, after the end; the hub sends it on: the race is waiting again
    "progress": {"filled": "int"},  # a race: cells filled now
    "finish": {"elapsed_ms": "int"},  # a race: solved, after this long
    "change": {"cell": "int", "value": "int", "marks": "int", "colour": "int", "version": "int"},  # co-op
    "cursor": {"cell": "int"},  # co-op
    # the hub to a game
    "joined": {"code": "code", "room": "kind", "role": "role", "seat": "int"},
    "seats": {"seats": "seats"},  # everyone in the room, as it is now
    "started": {},
    "progressed": {"seat": "int", "filled": "int"},
    "finished": {"seat": "int", "elapsed_ms": "int", "place": "int"},
    "ended": {},  # a race: every player finished or left; the finished messages are the results
    "changed": {"seat": "int", "cell": "int", "value": "int", "marks": "int", "colour": "int", "version": "int"},
    "refused": {"cell": "int", "version": "int"},  # someone changed the cell first
    "moved": {"seat": "int", "cell": "int"},
    "closed": {"reason": "reason"},
    "held": {"code": "code", "room": "kind"},  # the answer to find (none: closed no-room); the connection ends
}
REASONS = ("no-room", "full", "idle", "server", "left")  # why the hub closed a room or refused a join
MAX_INT = 2**31 - 1
MAX_LINE_CELLS = 21 * 21 * 4  # the longest puzzle line a board of ours writes, with room to spare


@dataclass(frozen=True)
class Seat:
    """One place in a room: who sits there, as every game may show it."""

    seat: int
    name: str
    role: Role
    connected: bool = True


def encode(kind: str, **fields: Any) -> bytes:
    """One message as the line sent; BadMessage when it is not one (a bug of ours)."""
    message = {"kind": kind, **fields}
    check(message)
    line = json.dumps(message, ensure_ascii=True, separators=(",", ":")).encode("ascii") + b"\n"
    if len(line) > MAX_LINE:
        raise BadMessage(f"a {kind} message of {len(line)} bytes")
    return line


def decode(line: bytes) -> dict[str, Any]:
    """A line read, as a message whose every field was checked; BadMessage otherwise."""
    if len(line) > MAX_LINE:
        raise BadMessage(f"a line of {len(line)} bytes")
    try:
        message = json.loads(line)
    except (ValueError, RecursionError) as error:
        raise BadMessage(f"not JSON ({error.__class__.__name__})") from None
    if not isinstance(message, dict):
        raise BadMessage(f"not an object but {type(message).__name__}")
    check(message)
    return message


def check(message: Mapping[str, Any]) -> None:
    kind = message.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise BadMessage(f"no such kind: {str(kind)[:20]!r}")
    fields = KINDS[kind]
    extra = set(message) - set(fields) - {"kind"}
    if extra:
        raise BadMessage(f"{kind} has no field {sorted(extra)[0][:20]!r}")
    for field, sort in fields.items():
        if field not in message:
            raise BadMessage(f"{kind} lacks {field}")
        if not _fits(sort, message[field]):
            raise BadMessage(f"{kind}'s {field} is not a {sort}")


def _fits(sort: str, value: object) -> bool:
    if sort == "int":
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_INT
    if sort == "bool":
        return isinstance(value, bool)
    if sort == "seats":
        return isinstance(value, list) and len(value) <= 64 and all(_is_seat(seat) for seat in value)
    return isinstance(value, str) and _TEXT_CHECKS[sort](value)


def _is_seat(value: object) -> bool:
    return (
        isinstance(value, dict)
        and set(value) == {"seat", "name", "role", "connected"}
        and _fits("int", value["seat"])
        and isinstance(value["name"], str)
        and is_shown_name(value["name"])
        and value["role"] in ROLES
        and isinstance(value["connected"], bool)
    )


def is_room_code(text: str) -> bool:
    return len(text) == ROOM_CODE_LENGTH and all(letter in ALPHABET for letter in text)


def is_shown_name(text: str) -> bool:
    """A name as rooms show it: a player's own (the name rule), or a guest's or an unnamed
    key's made one (``guest-``/``player-`` and letters and digits)."""
    return NAME.fullmatch(text) is not None or (
        text.startswith((GUEST_NAME_PREFIX, "player-"))
        and len(text) <= 16
        and text.isascii()
        and text.replace("-", "").isalnum()
    )


def is_player_id(text: str) -> bool:
    """A player's id as a game names itself (a key's fingerprint, a guest's id)."""
    return 0 < len(text) <= 128 and text.isprintable() and text.isascii()


def _is_line(text: str) -> bool:
    return 0 < len(text) <= MAX_LINE_CELLS and text.isprintable() and text.isascii()


def _is_shape(text: str) -> bool:
    return 0 < len(text) <= 32 and text.replace("x", "").replace("-", "").isalnum() and text.isascii()


_TEXT_CHECKS: dict[str, Callable[[str], bool]] = {
    "id": is_player_id,
    "name": is_shown_name,
    "code": is_room_code,
    "line": _is_line,
    "shape": _is_shape,
    "kind": lambda text: text in ROOM_KINDS,
    "role": lambda text: text in ROLES,
    "reason": lambda text: text in REASONS,
}


def seat_record(seat: Seat) -> dict[str, Any]:
    return {"seat": seat.seat, "name": seat.name, "role": seat.role, "connected": seat.connected}
