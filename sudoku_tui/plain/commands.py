"""The plain mode's commands: each a word (and the full-screen game's key as another
name), what follows it, and one line of help. docs/plain.md lists the same.

A line is read as, in this order: a cell (``r4c7``, optionally followed by a value
to enter there), a single value symbol (a digit; on 16x16 the capital letters A-G
too, so lower-case command letters never clash), ``0`` or ``.`` (clear), or a
command word and its arguments. Words are read in any case; single letters
are the game's keys and keep their case. The words are English in every language (like
keys); their usage and help are said in the player's language (``texts.PLAIN_USAGES``, ``PLAIN_HELP``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..game import texts


@dataclass(frozen=True)
class PlainCommand:
    """``handler`` names the method of :class:`~.game.PlainGame` that answers it;
    ``board``: it reads or changes the board, so it waits while the game is paused."""

    name: str
    handler: str
    usage: str
    help: str
    aliases: tuple[str, ...] = ()
    board: bool = False


def _command(name: str, handler: str, aliases: tuple[str, ...] = (), board: bool = False) -> PlainCommand:
    """A command whose usage (its word alone unless texts says more) and help are the game's sentences."""
    return PlainCommand(name, handler, texts.PLAIN_USAGES.get(name, name), texts.PLAIN_HELP[name], aliases, board)


COMMANDS: tuple[PlainCommand, ...] = (
    _command("help", "help", ("f1",)),
    _command("quit", "quit", ("q", "exit", "bye")),
    _command("go", "go", board=True),
    _command("up", "up", ("k",), board=True),
    _command("down", "down", ("j",), board=True),
    _command("left", "left", ("h",), board=True),
    _command("right", "right", ("l",), board=True),
    _command("enter", "value", board=True),
    _command("clear", "clear", ("delete", "del"), board=True),
    _command("read", "read", board=True),
    _command("board", "read_board", board=True),
    _command("marks", "marks", board=True),
    _command("mark", "mark", board=True),
    _command("pencil", "pencil", ("p",)),
    _command("fill", "fill", ("a", "candidates"), board=True),
    _command("possible", "possible", ("v",), board=True),
    _command("undo", "undo", ("u",), board=True),
    _command("redo", "redo", board=True),
    _command("hint", "hint", ("?", "f2"), board=True),
    _command("progress", "progress", ("e",), board=True),
    _command("check", "check", ("c",), board=True),
    _command("solve", "solve", ("s",), board=True),
    _command("mistakes", "mistakes", ("m",), board=True),
    _command("counts", "counts", board=True),
    _command("find", "find", ("f", "highlight"), board=True),
    _command("conflicts", "conflicts", ("x",), board=True),
    _command("colour", "colour", ("z", "color"), board=True),
    _command("open", "open", ("o",)),
    _command("files", "files"),
    _command("new", "new", ("n",)),
    _command("practice", "practice"),
    _command("daily", "daily", ("d",)),
    _command("puzzle", "puzzle", ("g", "number")),
    _command("next", "next", ("]",)),
    _command("previous", "previous", ("[", "prev")),
    _command("random", "random", ("r",)),
    _command("own", "own", ("i", "paste")),
    _command("resume", "resume"),
    _command("pause", "pause", ("space",)),
    _command("time", "time", ("clock",)),
    _command("where", "where", ("status",)),
    _command("stats", "stats", ("t", "statistics")),
    _command("leaderboard", "leaderboard", ("b",)),
    _command("rooms", "rooms", ("w",)),
    _command("verbose", "verbose"),
)

BY_WORD: dict[str, PlainCommand] = {word: command for command in COMMANDS for word in (command.name, *command.aliases)}
CELL = re.compile(r"r(\d+)\s*c(\d+)(?:\s+(\S+))?", re.IGNORECASE)


def find_command(word: str) -> PlainCommand | None:
    """The command a word names: a single character as typed (the game's keys), a word in any case."""
    return BY_WORD.get(word if len(word) == 1 else word.lower())
