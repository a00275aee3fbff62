"""The parser is built from the groups' command lists: every command once, in
the order --help has always listed them, and one --index sentence for all."""

from __future__ import annotations

import argparse

import pytest

from sudoku_tui.cli import build_parser, main
from sudoku_tui.cli.program import COMMANDS, GROUPS, HELP_ORDER
from sudoku_tui.game.texts import puzzle_index_out_of_range


def test_every_command_is_listed_once_and_parsed_in_the_help_order() -> None:
    names = [command.name for group in GROUPS for command in group]
    assert len(names) == len(set(names))
    assert list(COMMANDS) == list(HELP_ORDER)
    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert list(commands.choices) == list(HELP_ORDER)


@pytest.mark.parametrize(
    "args",
    [
        ["explain", "--index", "5"],
        ["explain", "--index", "5", "--json"],
        ["convert", "--to", "sdk", "--index", "5"],
        ["export", "--svg", "OUT", "--index", "5"],
    ],
)
def test_an_index_out_of_range_is_one_sentence_for_every_command(
    args: list[str], tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "p.txt"
    path.write_text("2\n2...43213...1432\n")
    assert main([args[0], str(path), *args[1:]]) == 2
    assert capsys.readouterr().err == puzzle_index_out_of_range(5, 1) + "\n"
