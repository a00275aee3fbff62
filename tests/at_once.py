"""Running jobs on threads at once, switching between them as often as Python can."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable


def run_at_once(*jobs: Callable[[], None]) -> list[BaseException]:
    """Run each job on a thread of its own until all end; what they raised, for
    the test's own thread to report."""
    errors: list[BaseException] = []

    def guarded(job: Callable[[], None]) -> None:
        try:
            job()
        except BaseException as error:
            errors.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=guarded, args=(job,)) for job in jobs]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    return errors
