"""Text a puzzle file or its name brings to the command line (a label, a file's
name, a word of the command) reaches the terminal escaped: ``ESC[2J`` would
clear the screen, OSC 52 set the clipboard. JSON stays JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

LINE = "003020600900305001001806400008102900700000008006708200002609500800203009005010300"
CLEAR = "\x1b[2J"
CLIPBOARD = "\x1b]52;c;aGk=\x07"
LABEL = f"{CLEAR}cleared{CLIPBOARD}"
SHOWN = "\\x1b[2Jcleared\\x1b]52;c;aGk=\\x07"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sudoku_tui", *args],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )


def labelled(tmp_path: Path) -> Path:
    path = tmp_path / "labelled.txt"
    path.write_text(f"{LINE} {LABEL}\n")
    return path


def no_control(text: str) -> bool:
    return not any((ord(char) < 0x20 and char != "\n") or 0x7F <= ord(char) <= 0x9F for char in text)


@pytest.mark.parametrize(
    "command",
    [
        ["solve"],
        ["check"],
        ["grade"],
        ["explain"],
        ["canon"],
        ["dedupe"],
        ["minimal"],
        ["convert", "--to", "line"],
        ["convert", "--to", "sdk"],
    ],
)
def test_a_label_reaches_the_terminal_escaped(tmp_path: Path, command: list[str]) -> None:
    result = run(*command, str(labelled(tmp_path)))
    assert result.returncode == 0, result.stderr
    assert no_control(result.stdout) and no_control(result.stderr)


@pytest.mark.parametrize("command", [["dedupe"], ["convert", "--to", "line"]])
def test_a_written_label_is_shown_as_its_escapes(tmp_path: Path, command: list[str]) -> None:
    result = run(*command, str(labelled(tmp_path)))
    assert result.stdout.splitlines()[-1].endswith(f" {SHOWN}")


@pytest.mark.parametrize("command", [["solve", "--json"], ["grade", "--json"], ["minimal", "--json"]])
def test_json_stays_json(tmp_path: Path, command: list[str]) -> None:
    result = run(*command, str(labelled(tmp_path)))
    assert result.returncode == 0, result.stderr
    assert no_control(result.stdout)
    assert json.loads(result.stdout.splitlines()[0])["puzzle"] == LINE


@pytest.mark.parametrize("command", ["solve", "check", "canon", "explain"])
def test_a_file_name_in_a_failure_is_escaped(tmp_path: Path, command: str) -> None:
    missing = tmp_path / f"no{CLEAR}such.txt"
    result = run(command, str(missing))
    assert result.returncode == 1
    assert result.stderr == f"The file {tmp_path}/no\\x1b[2Jsuch.txt does not exist.\n"


def test_a_folder_named_with_a_clipboard_is_escaped(tmp_path: Path) -> None:
    folder = tmp_path / f"d{CLIPBOARD}"
    folder.mkdir()
    result = run("check", str(folder))
    assert result.returncode == 1 and no_control(result.stderr) and "\\x1b]52" in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        [f"{CLEAR}a.txt", "b.txt"],  # the game with extra words
        ["solve", "x.txt", f"--{CLEAR}"],  # an option no command has
        ["convert", "x.txt", "--to", CLEAR],  # a choice that is none of them
    ],
)
def test_a_usage_error_escapes_the_words_it_quotes(args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 2
    assert no_control(result.stderr) and "\\x1b[2J" in result.stderr


def test_the_booklet_written_names_its_file_escaped(tmp_path: Path) -> None:
    pytest.importorskip("fpdf")
    pdf = tmp_path / f"book{CLEAR}.pdf"
    result = run("export", str(labelled(tmp_path)), "--pdf", str(pdf))
    assert result.returncode == 0, result.stderr
    # The last line: a first run may announce the solver's compile before it.
    assert pdf.exists() and result.stderr.splitlines()[-1] == f"1 puzzles written to {tmp_path}/book\\x1b[2J.pdf"
