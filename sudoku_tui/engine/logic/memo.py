"""Answers of the slow searches, remembered from one step to the next.

A grading runs a technique on one grid after another that differ in a few
cells, and the generator grades many grids of one solution: most of a
search's parts (one line and box, one value's places) see candidates they
have already seen. A part's answer depends on those candidates alone, so
it is kept under them and replayed: the same steps, in the same order,
without the search. The store is bounded (emptied when full) and shared by
threads (a dict's get and set are atomic).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T")

MOST_KEPT = 20_000  # answers kept per search before the store starts afresh (about 7 MB at most)


class Memo(Generic[T]):
    """Lists of answers (often empty) kept under the part's key."""

    def __init__(self, most: int = MOST_KEPT) -> None:
        self._kept: dict[Hashable, tuple[T, ...]] = {}
        self._most = most

    def get(self, key: Hashable) -> tuple[T, ...] | None:
        return self._kept.get(key)

    def keep(self, key: Hashable, answers: Iterable[T]) -> tuple[T, ...]:
        if len(self._kept) >= self._most:
            self._kept.clear()
        kept = self._kept[key] = tuple(answers)
        return kept

    def replay(self, key: Hashable, search: Iterator[T]) -> Iterator[T]:
        """The answers kept under ``key``; else ``search``'s, passed on as they come
        and kept once it has run to its end (a search stopped early keeps nothing)."""
        kept = self._kept.get(key)
        if kept is not None:
            yield from kept
            return
        found: list[T] = []
        for answer in search:
            found.append(answer)
            yield answer
        self.keep(key, found)

    def clear(self) -> None:
        self._kept.clear()
