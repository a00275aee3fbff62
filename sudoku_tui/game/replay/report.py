"""``sudoku-tui replay`` without the argument parsing: a recorded game's moves, one a
line or as JSON, each with its label, and the longest waits (docs/replays.md)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

from ...engine.board.geometry import Shape
from ...engine.logic.step import Step
from ...paths import data_dir
from .. import texts
from ..clock import format_elapsed
from ..store.interface import LOCAL_PLAYER, Store, StoreError
from ..store.local import STORE_NAME, open_local_store
from .cache import Unsolvable, labels_for
from .labels import GameLabels, Move
from .recording import RecordedGame


def _seconds(ms: int) -> float:
    return round(ms / 1000, 3)


def _cell(shape: Shape, move: Move) -> str | None:
    return shape.cell_name(move.cell) if 0 <= move.cell < shape.size else None


def _step_json(shape: Shape, step: Step | None) -> dict[str, Any] | None:
    return None if step is None else {"technique": step.technique.value, "effects": step.effects(shape)}


def replay_json(game: RecordedGame, labels: GameLabels) -> dict[str, Any]:
    """The object ``--json`` prints (its fields: docs/replays.md)."""
    shape = game.puzzle.shape
    return {
        "game": game.game_id,
        "board": shape.name,
        "elapsed": round(game.elapsed, 3),
        "solved": game.solved,
        "finished": game.finished,
        "moves": [
            {
                "move": number,
                "at": _seconds(move.at_ms),
                "kind": move.kind.value,
                "cell": _cell(shape, move),
                "value": move.value or None,
                "label": label,
                "together": move.together,
            }
            for number, (move, label) in enumerate(zip(game.moves, labels.labels, strict=True), start=1)
        ],
        "waits": [
            {"move": wait.move + 1, "waited": _seconds(wait.waited_ms), "step": _step_json(shape, wait.step)}
            for wait in labels.waits
        ],
    }


def _what(shape: Shape, move: Move) -> str:
    cell = _cell(shape, move) or ""
    if not move.value or not cell:
        return cell
    if move.kind.value == "colour":
        return texts.replay_colour(cell, move.value)
    return f"{cell}={shape.symbol(move.value)}" if 1 <= move.value <= shape.n else f"{cell} {move.value}"


def replay_lines(game: RecordedGame, labels: GameLabels) -> list[str]:
    """One line a move (its number, time into the game, kind, cell and value, label), then the waits."""
    shape = game.puzzle.shape
    outcome = texts.replay_outcome(game.solved, game.finished)
    lines = [texts.replay_heading(game.game_id, shape.name, format_elapsed(game.elapsed), outcome, len(game.moves))]
    if not game.moves:
        return [*lines, texts.REPLAY_NO_MOVES]
    width = len(str(len(game.moves)))
    for number, (move, label) in enumerate(zip(game.moves, labels.labels, strict=True), start=1):
        kind = texts.MOVE_KINDS[move.kind.value]
        line = f"{number:>{width}}  {format_elapsed(move.at_ms / 1000):>7}  {kind:<7} {_what(shape, move):<14}"
        lines.append(f"{line}{texts.move_label(label or '')}".rstrip())
    lines.append(texts.REPLAY_WAITS_HEADING)
    for wait in labels.waits:
        step = (
            texts.REPLAY_NOTHING_TO_SEE if wait.step is None else f"{wait.step.technique} ({wait.step.effects(shape)})"
        )
        lines.append(texts.replay_wait(wait.move + 1, format_elapsed(wait.waited_ms / 1000), step))
    return lines


def find_recorded(store: Store, player: str, game_id: str | None) -> RecordedGame | None:
    """The game ``game_id`` of the player, or the one that ended last."""
    return store.recorded_game(player, game_id) if game_id is not None else store.last_recorded_game(player)


def run_replay(
    game_id: str | None = None,
    as_json: bool = False,
    *,
    folder: Path | None = None,
    player: str = LOCAL_PLAYER,
    out: TextIO | None = None,
    err: TextIO | None = None,
) -> int:
    """Print a game's replay; 2 for an id the player has no game of, 1 when there is
    nothing to replay (no store, no finished game, a puzzle without solution)."""
    out, err = out or sys.stdout, err or sys.stderr
    folder = folder if folder is not None else data_dir()
    if not os.path.lexists(folder / STORE_NAME):
        print(texts.replay_unknown_game(game_id) if game_id else texts.REPLAY_NO_FINISHED_GAME, file=err)
        return 2 if game_id else 1
    opened = open_local_store(folder, player=player)
    try:
        for notice in opened.notices:
            print(notice, file=err)
        game = find_recorded(opened.store, player, game_id)
        if game is None:
            print(texts.replay_unknown_game(game_id) if game_id else texts.REPLAY_NO_FINISHED_GAME, file=err)
            return 2 if game_id else 1
        labels = labels_for(opened.store, game)
    except (StoreError, Unsolvable) as error:
        print(error, file=err)
        return 1
    finally:
        opened.store.close()
    print(
        json.dumps(replay_json(game, labels), separators=(",", ":"))
        if as_json
        else "\n".join(replay_lines(game, labels)),
        file=out,
    )
    return 0
