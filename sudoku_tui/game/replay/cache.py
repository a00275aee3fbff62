"""A recorded game's labels, worked out once and kept in the store.

:func:`labels_for` solves the puzzle, labels the moves (:func:`~.labels.label_game`)
and keeps the answer as JSON under :func:`~.labels.labels_key` (the puzzle and the
moves), so the same game asks again for nothing, after a restart too. A kept
answer that cannot be read (damaged, or of another form) is worked out again.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from ...engine.logic.justify import Justification
from ...engine.logic.step import Step, TechniqueName
from ...engine.search.solver import solve
from .. import texts
from ..store.interface import Store, StoreError
from .labels import GameLabels, Wait, label_game, labels_key
from .recording import RecordedGame

FORM = 1  # the kept JSON's form: an answer of another form is worked out again


class Unsolvable(ValueError):
    """The recorded game's puzzle has no solution to judge its moves against."""


def labels_for(store: Store, game: RecordedGame, should_stop: Callable[[], bool] | None = None) -> GameLabels:
    """The labels of ``game``'s moves: kept ones when the store has them, else worked out
    (``should_stop`` polled: :class:`~sudoku_tui.engine.progress.Cancelled`) and kept.
    A store that fails costs the cache only. :class:`Unsolvable` for a puzzle with no solution."""
    key = labels_key(game.puzzle, game.moves)
    try:
        kept = store.cached_labels(key)
    except StoreError:
        kept = None
    if kept is not None:
        found = decode_labels(kept, len(game.moves))
        if found is not None:
            return found
    solution = solve(game.puzzle, should_stop)
    if solution is None:
        raise Unsolvable(texts.REPLAY_NO_SOLUTION)
    labels = label_game(game.puzzle, solution, game.moves, should_stop=should_stop)
    with suppress(StoreError):  # the labels are worked out again next time
        store.keep_labels(key, encode_labels(labels))
    return labels


def _step_json(step: Step) -> dict[str, Any]:
    return {
        "technique": step.technique.value,
        "placements": [list(pair) for pair in step.placements],
        "eliminations": [list(pair) for pair in step.eliminations],
        "cells": list(step.cells),
        "houses": list(step.houses),
        "values": list(step.values),
        "explanation": step.explanation,
    }


def encode_labels(labels: GameLabels) -> str:
    """The labels as the store keeps them."""
    return json.dumps(
        {
            "form": FORM,
            "justifications": [
                None if j is None else {"label": j.label, "steps": [_step_json(s) for s in j.steps]}
                for j in labels.justifications
            ],
            "waits": [
                {"move": w.move, "waited_ms": w.waited_ms, "step": None if w.step is None else _step_json(w.step)}
                for w in labels.waits
            ],
        },
        separators=(",", ":"),
    )


def _ints(value: Any) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(i, int) and not isinstance(i, bool) for i in value):
        raise ValueError("not a list of numbers")
    return tuple(value)


def _pairs(value: Any) -> tuple[tuple[int, int], ...]:
    if not isinstance(value, list):
        raise ValueError("not a list of pairs")
    pairs = tuple(_ints(pair) for pair in value)
    if any(len(pair) != 2 for pair in pairs):
        raise ValueError("not a pair")
    return tuple((pair[0], pair[1]) for pair in pairs)


def _step(value: Any) -> Step:
    explanation = value["explanation"]
    if not isinstance(explanation, str):
        raise ValueError("not an explanation")
    return Step(
        TechniqueName(value["technique"]),
        _pairs(value["placements"]),
        _pairs(value["eliminations"]),
        _ints(value["cells"]),
        _ints(value["houses"]),
        _ints(value["values"]),
        explanation,
    )


def _justification(value: Any) -> Justification | None:
    if value is None:
        return None
    label, steps = value["label"], value["steps"]
    if not isinstance(label, str) or not isinstance(steps, list):
        raise ValueError("not a justification")
    return Justification(label, tuple(_step(step) for step in steps))


def _wait(value: Any, moves: int) -> Wait:
    move, waited = value["move"], value["waited_ms"]
    if not isinstance(move, int) or not isinstance(waited, int) or not 0 <= move < moves:
        raise ValueError("not a wait")
    return Wait(move, waited, None if value["step"] is None else _step(value["step"]))


def decode_labels(text: str, moves: int) -> GameLabels | None:
    """Kept labels of a game of ``moves`` moves; None when the text is none (then they are worked out again)."""
    try:
        kept = json.loads(text)
        if kept["form"] != FORM or len(kept["justifications"]) != moves:
            return None
        justifications = tuple(_justification(j) for j in kept["justifications"])
        return GameLabels(justifications, tuple(_wait(w, moves) for w in kept["waits"]))
    except (ValueError, KeyError, TypeError, IndexError, RecursionError):
        return None
