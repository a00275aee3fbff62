"""Reading a server's authorized-keys file strictly: a line that is not a key stops
the server with one sentence naming the file and the line, rather than a key
that was meant to get in being left out without a word (asyncssh skips lines
it cannot read when another line is a key)."""

from __future__ import annotations

from pathlib import Path

import asyncssh

from ..game import texts
from ..game.printable import printable


class KeyFileProblem(Exception):
    """An authorized-keys file the server cannot use; ``str(problem)`` is the sentence."""


def read_key_file(path: Path) -> asyncssh.SSHAuthorizedKeys:
    """The keys of ``path``, every line a key, a comment or blank; else KeyFileProblem."""
    name = printable(str(path))  # the operator's terminal shows it: escaped like any name
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise KeyFileProblem(texts.key_file_missing(name)) from None
    except OSError as error:
        raise KeyFileProblem(texts.key_file_unreadable(name, error.strerror or str(error))) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise KeyFileProblem(texts.key_file_bad_line(name, data[: error.start].count(b"\n") + 1)) from None
    found = 0
    # Numbered as an editor numbers lines (asyncssh splits at any line break, \v and \f too).
    for number, line in enumerate(text.split("\n"), 1):
        for part in line.splitlines():
            part = part.strip()
            if not part or part.startswith("#"):
                continue
            if not _is_key_line(part):
                raise KeyFileProblem(texts.key_file_bad_line(name, number))
            found += 1
    if not found:
        raise KeyFileProblem(texts.key_file_empty(name))
    return asyncssh.import_authorized_keys(text)


def _is_key_line(line: str) -> bool:
    try:
        asyncssh.import_authorized_keys(line)
    except Exception:  # whatever asyncssh makes of a line it cannot read, it is no key
        return False
    return True
