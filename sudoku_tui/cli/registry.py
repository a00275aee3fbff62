"""What a command is to the parser: its name, its one-line help, the function
that adds its options, and its handler; each group's module lists its own."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

Handler = Callable[[argparse.Namespace], int]


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    add: Callable[[argparse.ArgumentParser], None]
    run: Handler
    # Runs the compiled search, which a new install compiles first (announced, and before a pool).
    searches: bool = False
