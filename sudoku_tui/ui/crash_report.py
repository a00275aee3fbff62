"""What went wrong when the game crashed, written to a file instead of the player's terminal."""

from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path

from rich.console import Console, RenderableType


def keep_crash_report(renderables: Iterable[RenderableType], path: Path | None) -> Path | None:
    """Append ``renderables`` (Textual's traceback) to ``path``; the path when written.
    Never raises: the game is already failing, and the player must still get the sentence."""
    if path is None:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as file:
            console = Console(file=file, width=100, color_system=None, force_terminal=False, soft_wrap=True)
            console.print(f"---- {time.strftime('%Y-%m-%d %H:%M:%S')} the game stopped:")
            for renderable in renderables:
                console.print(renderable)
    except Exception:  # a full disk or no memory left: the report is lost, not the sentence
        return None
    return path
