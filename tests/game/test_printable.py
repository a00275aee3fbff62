"""Names from outside the game are escaped before they are drawn."""

from __future__ import annotations

from datetime import date

from sudoku_tui.game.file_choice import shown_name
from sudoku_tui.game.printable import printable
from sudoku_tui.game.stats_report import statistics_text
from sudoku_tui.game.store.statistics import Statistics


def test_every_control_character_is_escaped_and_nothing_else() -> None:
    assert printable("a\x1b[2Jb\x07\x00\x7f\x9b é ✓") == "a\\x1b[2Jb\\x07\\x00\\x7f\\x9b é ✓"
    assert printable("two\nlines\r", lines=True) == "two\nlines\\x0d"
    assert printable("two\nlines") == "two\\x0alines"


def test_a_byte_that_is_not_utf8_shows_as_that_byte() -> None:
    assert printable(b"caf\xe9.txt".decode("utf-8", "surrogateescape")) == "caf\\xe9.txt"


def test_escaping_twice_changes_nothing() -> None:
    once = printable("\x1b]52;c;SGVsbG8=\x07")
    assert printable(once) == once


def test_sentences_quote_names_escaped() -> None:
    assert shown_name("/tmp/x\x1b[2J.txt") == "x\\x1b[2J.txt"


def test_the_statistics_name_the_player_escaped() -> None:
    stats = Statistics("key\x1b]52;c;AA==\x07", date(2026, 1, 2), (), 0, 0, ())
    assert "\x1b" not in statistics_text(stats) and "key\\x1b]52" in statistics_text(stats)
