"""What went wrong when the program stopped on an error nothing else caught, kept in
a file (the crash log) instead of shown on the player's terminal as a traceback."""

from __future__ import annotations

import time
import traceback
from pathlib import Path


def keep_traceback(error: BaseException, path: Path) -> Path | None:
    """Append ``error``'s traceback to ``path``; the path when written. Never raises:
    the program is already failing, and the player must still get the sentence."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8", errors="backslashreplace") as file:
            file.write(f"---- {time.strftime('%Y-%m-%d %H:%M:%S')} the program stopped:\n")
            file.writelines(traceback.format_exception(error))
    except Exception:  # a full disk or no memory left: the report is lost, not the sentence
        return None
    return path
