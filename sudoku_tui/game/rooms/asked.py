"""The room a player asks for on the command line: ``ssh -t HOST race``, ``coop``,
``join CODE``, ``watch CODE`` (docs/serving.md, "Rooms"). The game then starts in that room."""

from __future__ import annotations

from .messages import is_room_code

RoomAsked = tuple[str, str]  # ("race" | "coop" | "join" | "watch", the room's code or "")
CREATING = ("race", "coop")
JOINING = ("join", "watch")


def asked_room(word: str, rest: str = "") -> RoomAsked | None:
    """The room asked for by ``word`` and what follows it (any case); None when it asks
    for none: a word that is no room's, a code missing, or one that is no room code."""
    word, code = word.lower(), rest.strip().upper()
    if word in CREATING and not code:
        return word, ""
    if word in JOINING and is_room_code(code):
        return word, code
    return None


def room_text(asked: RoomAsked) -> str:
    """As a game is told it (its environment): ``race``, ``join AB23CD``."""
    return " ".join(part for part in asked if part)


def read_room_text(text: str) -> RoomAsked | None:
    word, _, rest = text.partition(" ")
    return asked_room(word, rest)
