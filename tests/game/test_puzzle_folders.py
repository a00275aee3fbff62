"""What a served game may open: only files inside the folders the server named."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from sudoku_tui.game.file_choice import OUTSIDE_FOLDERS, PathProblem, PuzzleFolders, choose_typed, saved_file


@pytest.fixture
def served(tmp_path: Path) -> tuple[PuzzleFolders, Path, Path]:
    """Folders ``inside`` (named by the server) and ``secret`` (the server's own files)."""
    inside, secret = tmp_path / "inside", tmp_path / "secret"
    inside.mkdir()
    secret.mkdir()
    (inside / "four.txt").write_text("2\n" + "." * 16 + "\n")
    (secret / "keys.txt").write_text("private\n")
    return PuzzleFolders.of([inside]), inside, secret


def test_files_inside_are_held_and_files_outside_are_not(served) -> None:  # type: ignore[no-untyped-def]
    folders, inside, secret = served
    assert folders.holds(inside / "four.txt")
    assert folders.holds(inside)
    assert not folders.holds(secret / "keys.txt")
    assert not folders.holds(inside / ".." / "secret" / "keys.txt")
    assert not folders.holds(Path("/etc/passwd"))
    assert not folders.holds(Path(str(inside) + "-other") / "x.txt")  # a name that only begins the same
    assert not folders.holds(Path("bad\0name"))


def test_a_link_inside_that_leads_out_is_outside(served) -> None:  # type: ignore[no-untyped-def]
    folders, inside, secret = served
    os.symlink(secret / "keys.txt", inside / "link.txt")
    os.symlink(secret, inside / "door")
    assert not folders.holds(inside / "link.txt")
    assert not folders.holds(inside / "door" / "keys.txt")


@pytest.mark.parametrize(
    "typed", ["/etc/passwd", "../secret/keys.txt", "/", "..", "door/keys.txt", "/nonexistent/x.txt", "../secret"]
)
def test_a_typed_path_outside_gets_one_sentence(served, typed: str) -> None:  # type: ignore[no-untyped-def]
    folders, inside, secret = served
    os.symlink(secret, inside / "door")
    with pytest.raises(PathProblem) as problem:
        choose_typed(typed, inside, folders)
    # The same sentence whether the path exists or not: nothing is learnt of the server's files.
    assert problem.value.sentence == OUTSIDE_FOLDERS


def test_a_tilde_is_no_ones_home_on_a_server(served) -> None:  # type: ignore[no-untyped-def]
    folders, inside, _ = served
    with pytest.raises(PathProblem) as problem:
        choose_typed("~/anything.txt", inside, folders)
    assert problem.value.sentence == "There is no file anything.txt."  # looked for beside the folder only


def test_a_typed_path_inside_opens(served) -> None:  # type: ignore[no-untyped-def]
    folders, inside, _ = served
    assert choose_typed("four.txt", inside, folders).path == inside / "four.txt"
    assert choose_typed(str(inside / "four.txt"), inside, folders).path == inside / "four.txt"
    assert choose_typed(str(inside), inside, folders).is_folder


def test_a_saved_game_from_outside_is_played_without_its_file(served) -> None:  # type: ignore[no-untyped-def]
    folders, inside, secret = served
    assert saved_file(str(secret / "keys.txt"), folders) is None
    assert saved_file(str(inside / "four.txt"), folders) == inside / "four.txt"
