"""The plain mode's commands: each a word (and the full-screen game's key as another
name), what follows it, and one line of help. docs/plain.md lists the same.

A line is read as, in this order: a cell (``r4c7``, optionally followed by a value
to enter there), a single value symbol (a digit; on 16x16 the capital letters A-G
too, so lower-case command letters never clash), ``0`` or ``.`` (clear), or a
command word and its arguments. Words are read in any case; single letters
are the game's keys and keep their case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


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


COMMANDS: tuple[PlainCommand, ...] = (
    PlainCommand("help", "help", "help [COMMAND]", "the commands, or what one does", ("f1",)),
    PlainCommand("quit", "quit", "quit", "save the game and leave", ("q", "exit", "bye")),
    PlainCommand(
        "go", "go", "r4c7 [VALUE], or go r4c7", "go to a cell and read it (with a value: enter it there)", board=True
    ),
    PlainCommand("up", "up", "up", "go one cell up and read it", ("k",), board=True),
    PlainCommand("down", "down", "down", "go one cell down and read it", ("j",), board=True),
    PlainCommand("left", "left", "left", "go one cell left and read it", ("h",), board=True),
    PlainCommand("right", "right", "right", "go one cell right and read it", ("l",), board=True),
    PlainCommand(
        "enter",
        "value",
        "a value, or enter VALUE",
        "enter a value in the cell (in pencil mode: toggle its mark)",
        board=True,
    ),
    PlainCommand("clear", "clear", "clear, 0 or .", "empty the cell", ("delete", "del"), board=True),
    PlainCommand(
        "read",
        "read",
        "read [row N|column N|box N|board]",
        "read the cell, a row, a column, a box or the board",
        board=True,
    ),
    PlainCommand("board", "read_board", "board", "read every row of the board", board=True),
    PlainCommand("marks", "marks", "marks", "read the cell's pencil marks", board=True),
    PlainCommand("mark", "mark", "mark VALUE...", "put a pencil mark on the cell, or take it off", board=True),
    PlainCommand("pencil", "pencil", "pencil", "pencil mode on or off: values then toggle marks", ("p",)),
    PlainCommand("fill", "fill", "fill", "fill every empty cell's pencil marks", ("a", "candidates"), board=True),
    PlainCommand("possible", "possible", "possible", "the values the rules allow in the cell", ("v",), board=True),
    PlainCommand("undo", "undo", "undo", "undo the last change", ("u",), board=True),
    PlainCommand("redo", "redo", "redo", "redo what was undone", board=True),
    PlainCommand(
        "hint",
        "hint",
        "hint",
        "the next logical step: its name, then where and why, then applied",
        ("?", "f2"),
        board=True,
    ),
    PlainCommand("progress", "progress", "progress", "whether the entries so far are right", ("e",), board=True),
    PlainCommand("check", "check", "check", "whether the filled board is solved", ("c",), board=True),
    PlainCommand("solve", "solve", "solve", "fill the board with the solution", ("s",), board=True),
    PlainCommand(
        "mistakes",
        "mistakes",
        "mistakes [on|off]",
        "show mistakes on or off, and the wrong entries",
        ("m",),
        board=True,
    ),
    PlainCommand("counts", "counts", "counts", "how many of each value are left to place", board=True),
    PlainCommand(
        "find", "find", "find VALUE", "where a value is placed and where it is marked", ("f", "highlight"), board=True
    ),
    PlainCommand("conflicts", "conflicts", "conflicts", "the cells whose value repeats in a house", ("x",), board=True),
    PlainCommand(
        "colour",
        "colour",
        "colour N",
        "paint the cell with colour 1 to 6, or 0 to take it off",
        ("z", "color"),
        board=True,
    ),
    PlainCommand("open", "open", "open FILE", "open a puzzle file (open alone lists the files)", ("o",)),
    PlainCommand("files", "files", "files", "the puzzle files you may open"),
    PlainCommand(
        "new",
        "new",
        "new [SIZE] [LEVEL] [SYMMETRY]",
        "make a new puzzle, for example new medium or new 16x16 hard",
        ("n",),
    ),
    PlainCommand(
        "practice", "practice", "practice [TECHNIQUE]", "a 9x9 puzzle that needs a technique (alone: the list)"
    ),
    PlainCommand("daily", "daily", "daily [LEVEL]", "today's daily puzzle, the same for everyone (UTC)", ("d",)),
    PlainCommand("puzzle", "puzzle", "puzzle N", "show puzzle N of the file", ("g", "number")),
    PlainCommand("next", "next", "next", "the next puzzle of the file", ("]",)),
    PlainCommand("previous", "previous", "previous", "the previous puzzle of the file", ("[", "prev")),
    PlainCommand("random", "random", "random", "a random puzzle of the file", ("r",)),
    PlainCommand("own", "own", "own LINE", "play a puzzle you type or paste as one line", ("i", "paste")),
    PlainCommand("resume", "resume", "resume", "play your saved game on"),
    PlainCommand("pause", "pause", "pause", "stop the clock (the board is hidden), or go on", ("space",)),
    PlainCommand("time", "time", "time", "the time played", ("clock",)),
    PlainCommand("where", "where", "where", "the puzzle in play, the cell and the time", ("status",)),
    PlainCommand("stats", "stats", "stats", "your games, best times and the daily streak", ("t", "statistics")),
    PlainCommand("leaderboard", "leaderboard", "leaderboard", "today's daily puzzle's ranking", ("b",)),
    PlainCommand("rooms", "rooms", "rooms", "rooms are played in the full-screen game", ("w",)),
    PlainCommand("verbose", "verbose", "verbose [0|1|2|terse|normal|full]", "how much each answer says (kept)"),
)

BY_WORD: dict[str, PlainCommand] = {word: command for command in COMMANDS for word in (command.name, *command.aliases)}
CELL = re.compile(r"r(\d+)\s*c(\d+)(?:\s+(\S+))?", re.IGNORECASE)


def find_command(word: str) -> PlainCommand | None:
    """The command a word names: a single character as typed (the game's keys), a word in any case."""
    return BY_WORD.get(word if len(word) == 1 else word.lower())
