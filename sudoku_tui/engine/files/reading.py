"""Reading a puzzle file's bytes: regular files only, bounded, cancellable.

Anything but a regular file is refused before it is opened: a FIFO would
block ``open()`` until a writer comes, and ``/dev/zero`` or ``/dev/urandom``
never end. The path is looked at with ``stat`` first and opened with
``O_NONBLOCK``, so even a FIFO swapped in between the two cannot block, and
the open file is looked at again. Reading stops at :data:`MAX_FILE_BYTES`
(a file that grows while it is read included) and polls ``should_stop``
between chunks, so the game's quit and the command line's Ctrl-C never wait
on it.
"""

from __future__ import annotations

import io
import os
import stat
from collections.abc import Callable
from pathlib import Path

from ..progress import Cancelled, ProgressCallback

# Far beyond any real collection (half a million 9x9 puzzles take 41 MiB),
# and small enough that reading and checking it stays a matter of seconds.
MAX_FILE_BYTES = 256 << 20
CHUNK_BYTES = 1 << 20


class FileRefused(Exception):
    """A path that is not read; ``message`` is the sentence for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _kind_of(mode: int) -> str | None:
    """What a file that is not a regular one is, in a player's words."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _refuse_unless_regular(path: Path, mode: int) -> None:
    kind = _kind_of(mode)
    if kind is not None:
        raise FileRefused(f"{path} is {kind}, not a puzzle file.")


def _refuse_if_too_big(path: Path, size: int, limit: int) -> None:
    if size > limit:
        raise FileRefused(f"The file {path} is too big to be a puzzle file (over {limit >> 20} MiB).")


def os_sentence(path: Path, error: OSError) -> str:
    """The sentence for an error the system gave while reading ``path``."""
    if isinstance(error, FileNotFoundError):
        return f"The file {path} does not exist."
    if isinstance(error, PermissionError):
        return f"The file {path} cannot be read (permission denied)."
    if isinstance(error, IsADirectoryError):
        return f"{path} is a folder, not a puzzle file."
    return f"The file {path} cannot be read: {error.strerror or error}."


def read_file_bytes(
    path: Path,
    progress: ProgressCallback | None = None,
    should_stop: Callable[[], bool] | None = None,
    limit: int = MAX_FILE_BYTES,
) -> bytearray:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Raises :class:`FileRefused` with a sentence for anything that is not
    read (missing, not a regular file, too big, an OS error), and
    :class:`Cancelled` when ``should_stop()`` answers True between chunks.
    ``progress(done, total)`` is called with bytes read.
    """
    try:
        _refuse_unless_regular(path, os.stat(path).st_mode)
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as error:
        raise FileRefused(os_sentence(path, error)) from None
    except ValueError:  # a NUL byte in the path: no such file can exist
        raise FileRefused(f"The file {path!r} does not exist.") from None
    try:
        with open(fd, "rb", buffering=0) as handle:
            found = os.fstat(fd)
            _refuse_unless_regular(path, found.st_mode)
            _refuse_if_too_big(path, found.st_size, limit)
            return _read_all(path, handle, found.st_size, limit, progress, should_stop)
    except OSError as error:
        raise FileRefused(os_sentence(path, error)) from None


def _read_all(
    path: Path,
    handle: io.FileIO,
    total: int,
    limit: int,
    progress: ProgressCallback | None,
    should_stop: Callable[[], bool] | None,
) -> bytearray:
    # One buffer filled in place: no list of chunks joined afterwards.
    buffer = bytearray(total)
    done = 0
    with memoryview(buffer) as view:
        while done < total:
            if should_stop is not None and should_stop():
                raise Cancelled()
            count = handle.readinto(view[done : done + CHUNK_BYTES])
            if not count:
                break
            done += count
            if progress is not None:
                progress(done, total)
    del buffer[done:]
    # A file that grew while being read, or one whose size the system does
    # not know in advance (many under /proc say 0): read on, within the limit.
    while True:
        if should_stop is not None and should_stop():
            raise Cancelled()
        # One byte past the limit at most, so a file that grows past it is caught.
        more = handle.read(min(CHUNK_BYTES, limit + 1 - len(buffer)))
        if not more:
            return buffer
        buffer += more
        _refuse_if_too_big(path, len(buffer), limit)
