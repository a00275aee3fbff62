"""Opening the player's store in their data folder, whatever state it is in.

- No store yet: a new one is made (and the earlier ``saves.json`` imported).
- A store that is not a sound SQLite store: it is kept aside under a new
  name (with its journal files), the player is told, and a new store starts.
- A store the player may not read or write, one of a newer version, or a
  folder that cannot be used: nothing there is touched; play goes on in a
  store that keeps nothing, and the player is told.

Processes that start at once take turns through a lock file while they
open, so one never moves aside a store another has just made, nor do two
import the same ``saves.json``.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

from ...paths import data_dir
from ..clock import TimeSource
from .import_saves import free_name, import_old_saves
from .interface import LOCAL_PLAYER, Store, StoreCorrupt, StoreError
from .sqlite import SqliteStore

STORE_NAME = "store.sqlite3"
LOCK_NAME = ".store.sqlite3.lock"
SIDE_FILES = ("-wal", "-shm", "-journal")  # SQLite's journal files beside the store
LOCK_WAIT = 15.0  # seconds; a process that holds the lock longer is passed by


@dataclass
class OpenedStore:
    """The store to play with and what to tell the player about it (each a sentence)."""

    store: Store
    notices: list[str] = field(default_factory=list)

    @property
    def saving(self) -> bool:
        return self.store.persistent


def open_local_store(
    folder: Path | None = None, *, player: str = LOCAL_PLAYER, clock: TimeSource = time.time
) -> OpenedStore:
    """The store of ``folder`` (the data folder when None); ``saves.json`` goes to ``player``."""
    folder = folder if folder is not None else data_dir()
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)  # the player's alone
    except OSError as error:
        return _without_saving(_cannot_save(f"the folder {folder} cannot be used ({error.strerror or error})"), clock)
    path = folder / STORE_NAME
    with _opening_lock(folder / LOCK_NAME):
        opened = _open(path, clock)
        if opened.saving and isinstance(opened.store, SqliteStore):
            opened.notices += import_old_saves(folder, opened.store, player)
    return opened


def _without_saving(sentence: str, clock: TimeSource, notices: list[str] | None = None) -> OpenedStore:
    """A store that keeps nothing, and ``sentence`` (why) to tell the player."""
    told = f"{sentence} Play goes on without saving."
    return OpenedStore(SqliteStore.in_memory(clock), [*(notices or []), told])


def _cannot_save(reason: str) -> str:
    return f"Your games cannot be saved: {reason}."


def _open(path: Path, clock: TimeSource) -> OpenedStore:
    denied = _access_problem(path)
    if denied:
        return _without_saving(_cannot_save(denied), clock)
    owner_only(path)
    try:
        return OpenedStore(SqliteStore(path, clock=clock))
    except StoreCorrupt as error:
        kept = keep_aside(path)
        if kept is None:
            return _without_saving(f"{error} It could not be moved aside.", clock)
        told = f"{error} It was kept as {kept.name}; a new store was started."
    except StoreError as error:
        return _without_saving(str(error), clock)
    owner_only(path)
    try:
        return OpenedStore(SqliteStore(path, clock=clock), [told])
    except StoreError as error:
        return _without_saving(str(error), clock, [told])


def owner_only(path: Path) -> None:
    """The store and its journal files readable by their owner alone: a new store is
    made empty with that mode (SQLite gives its journal files the store's mode), and
    one an earlier version made readable by all is made private. Nothing here stops
    play: SQLite says what it cannot open."""
    with suppress(OSError):
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))  # an empty file is an empty store
    for name in (path.name, *(path.name + side for side in SIDE_FILES)):
        candidate = path.with_name(name)
        with suppress(OSError):
            if candidate.is_file() and candidate.stat().st_mode & 0o077:
                candidate.chmod(0o600)


def _access_problem(path: Path) -> str | None:
    """Why the store or a journal file beside it may not be read and written here, if so.

    Asked by opening each file for reading and writing, so the answer is the
    system's own (``os.access`` can say yes where the open would fail)."""
    for name in (path.name, *(path.name + side for side in SIDE_FILES)):
        candidate = path.with_name(name)
        if not os.path.lexists(candidate):
            continue
        if not candidate.is_file():
            return f"{name} is not a file"
        try:
            with open(candidate, "r+b") as handle:
                handle.read(16)
        except OSError as error:
            return f"{name} may not be read and written ({error.strerror or error})"
    return None


def keep_aside(path: Path) -> Path | None:
    """Rename a damaged store and its journal files to a new name beside it; None when it cannot be done."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    target = free_name(path, f".damaged-{stamp}")
    if target is None:
        return None
    try:
        # The journal files first: one left behind would be read into the new store.
        for side in SIDE_FILES:
            if os.path.lexists(str(path) + side):
                os.replace(str(path) + side, str(target) + side)
        os.replace(path, target)
    except OSError:
        return None
    return target


@contextmanager
def _opening_lock(lock_path: Path) -> Iterator[None]:
    """Hold the opening lock while the body runs (or go on without it after LOCK_WAIT)."""
    if sys.platform == "win32":
        yield
        return
    import fcntl  # POSIX only: Windows has no fcntl

    try:
        handle = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        yield  # a folder that takes no lock file takes no store either: the open will say so
        return
    try:
        deadline = time.monotonic() + LOCK_WAIT
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    break
                time.sleep(0.01)
            except OSError:
                break
        yield
    finally:
        with suppress(OSError):
            os.close(handle)
