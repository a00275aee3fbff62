"""The argument types the commands share: checked by argparse, so a bad
value is a usage error (exit 2) with argparse's usage line."""

from __future__ import annotations

import argparse

from ..engine.search import MAX_LIMIT
from ..game import texts


def positive(text: str) -> int:
    """A whole number of at least 1 (a count, a number of processes)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(texts.not_a_whole_number(text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(texts.at_least_one(value))
    return value


def limit(text: str) -> int:
    """A solution count the compiled counter can hold."""
    value = positive(text)
    if value > MAX_LIMIT:
        raise argparse.ArgumentTypeError(texts.too_large(value, MAX_LIMIT))
    return value
