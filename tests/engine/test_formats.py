"""Puzzle files: every format and every message, exactly (docs/puzzle-files.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_tui.engine.board.geometry import samurai, square
from sudoku_tui.engine.board.puzzle import format_line
from sudoku_tui.engine.files.formats import format_drawn_samurai, parse_puzzle_data, read_puzzle_file
from sudoku_tui.engine.files.model import EMPTY_FILE, INVALID_BLOCK_SIZE, NO_PUZZLES, PuzzleFileError
from sudoku_tui.paths import bundled_puzzles
from tests.shared_data import SHARED_DATA

PUZZLES = Path(__file__).resolve().parents[2] / "puzzles"
EXAMPLE = "...81.....2........1.9..7...7..25.934.2............5...975.....563.....4......68."
FOUR = "2...43213...1432"

SEED_CASES = {
    "bad-puzzle-length1.txt": "Line 3 has the wrong length.",
    "bad-puzzle-length2.txt": "Line 4 has the wrong length.",
    "bad-puzzle-length3.txt": "Line 3 has the wrong length.",
    "bad-puzzle-length4.txt": "Line 2 has the wrong length.",
    "bad-value-1.txt": "Line 4 has an invalid character.",
    "bad-value-2.txt": "Line 2 has an invalid character.",
    "bad-value-3.txt": "Line 3 has an invalid character.",
    "bad-value-4.txt": "Line 5 has an invalid character.",
    "blocksize-1.txt": "Invalid block size.",
    "blocksize-4.txt": "Invalid block size.",
}


def message_of(data: bytes | str) -> str:
    with pytest.raises(PuzzleFileError) as caught:
        parse_puzzle_data(data)
    assert str(caught.value) == caught.value.message
    return caught.value.message


@pytest.mark.parametrize("name, message", sorted(SEED_CASES.items()))
def test_seed_bad_files_give_their_messages(name: str, message: str) -> None:
    with pytest.raises(PuzzleFileError) as caught:
        read_puzzle_file(PUZZLES / "bad" / name)
    assert caught.value.message == message


def test_seed_good_files_read() -> None:
    four = read_puzzle_file(PUZZLES / "sudoku-4x4.txt")
    assert (len(four), four.shape.name, four.kind) == (4, "4x4", "block")
    assert read_puzzle_file(PUZZLES / "no-solution.txt").describe() == "1 puzzle, 4x4"


def test_bundled_folder_is_found() -> None:
    assert (bundled_puzzles() / "sudoku-4x4.txt").is_file()


@pytest.mark.parametrize("header", ["1", "4", "0", "-3", "5", " 7 ", "+1", "10"])
def test_invalid_block_sizes(header: str) -> None:
    assert message_of(f"{header}\n{FOUR}\n") == INVALID_BLOCK_SIZE


def test_invalid_block_size_comes_before_any_line_check() -> None:
    assert message_of("4\nthis line is wrong in every way\n") == INVALID_BLOCK_SIZE


def test_header_may_have_surrounding_spaces() -> None:
    assert len(parse_puzzle_data(f"  2 \t\n{FOUR}\n")) == 1


def test_empty_and_puzzle_less_files() -> None:
    assert message_of(b"") == EMPTY_FILE
    assert message_of(b"\xef\xbb\xbf") == EMPTY_FILE
    assert message_of("3\n") == NO_PUZZLES
    assert message_of("2") == NO_PUZZLES
    assert message_of("# only a comment\n\n") == NO_PUZZLES


def test_lines_are_checked_in_order_length_before_characters() -> None:
    # line 2 has both faults: its length is reported
    assert message_of(f"2\nx{FOUR}\n") == "Line 2 has the wrong length."
    # an invalid character on line 2 comes before a wrong length on line 3
    assert message_of(f"2\n{FOUR[:-1]}x\n{FOUR}1\n") == "Line 2 has an invalid character."
    assert message_of(f"2\n{FOUR}\n{FOUR}1\n{FOUR[:-1]}x\n") == "Line 3 has the wrong length."


def test_trailing_space_and_blank_lines_are_wrong_lengths() -> None:
    assert message_of(f"2\n{FOUR} \n") == "Line 2 has the wrong length."
    assert message_of(f"2\n{FOUR}\n\n{FOUR}\n") == "Line 3 has the wrong length."


@pytest.mark.parametrize("bad", ["0", "5", "9", "a", " ", "\t", "A"])
def test_characters_outside_the_4x4_alphabet(bad: str) -> None:
    assert message_of(f"2\n{FOUR}\n{bad}{FOUR[1:]}\n") == "Line 3 has an invalid character."


def test_zero_is_not_an_empty_cell_in_the_seed_format() -> None:
    assert message_of("3\n" + EXAMPLE.replace(".", "0") + "\n") == "Line 2 has an invalid character."


def test_non_ascii_bytes_are_invalid_characters_never_decoding_errors() -> None:
    for byte in (b"\xe9", b"\xff", b"\x85", b"\xc3"):
        data = b"2\n" + FOUR.encode() + b"\n" + FOUR[:-1].encode() + byte + b"\n"
        assert message_of(data) == "Line 3 has an invalid character."
    # a UTF-8 character is two bytes: the line is too long
    assert message_of("2\n" + FOUR[:-1] + "é\n") == "Line 2 has the wrong length."


def test_line_endings_and_byte_order_mark() -> None:
    crlf = f"2\r\n{FOUR}\r\n{FOUR}\r\n".encode()
    assert len(parse_puzzle_data(crlf)) == 2
    assert len(parse_puzzle_data(b"\xef\xbb\xbf" + crlf)) == 2
    assert len(parse_puzzle_data(f"2\n{FOUR}")) == 1  # no final newline
    assert len(parse_puzzle_data(f"2\r{FOUR}\r{FOUR}\r")) == 2  # old Mac endings


def test_lines_are_what_splitlines_gives() -> None:
    # a form feed ends a line for str.splitlines(), so the puzzle is cut in two
    assert message_of(f"2\n{FOUR[:8]}\x0c{FOUR[8:]}\n") == "Line 2 has the wrong length."


def test_puzzle_values_are_read_row_major() -> None:
    puzzles = parse_puzzle_data("3\n" + EXAMPLE + "\n")
    puzzle = puzzles.puzzle(0)
    assert puzzle.shape is square(3)
    assert puzzle.givens[3] == 8 and puzzle.givens[4] == 1 and puzzle.givens[0] == 0
    assert puzzle.to_line() == EXAMPLE


# --- plain collections (1.2) -------------------------------------------------


def test_plain_collection_sizes_and_labels() -> None:
    text = "# a comment\n\n" + EXAMPLE.replace(".", "0") + " rated 3.4\n" + EXAMPLE + ",second\n" + EXAMPLE + "\n"
    puzzles = parse_puzzle_data(text)
    assert (puzzles.kind, puzzles.shape.name, len(puzzles)) == ("plain", "9x9", 3)
    assert puzzles.labels == ["rated 3.4", "second", ""]
    assert puzzles.puzzle(0).givens == puzzles.puzzle(2).givens
    assert puzzles.puzzle(0).label == "rated 3.4"
    assert len(parse_puzzle_data(FOUR + "\t4x4\n")) == 1


def test_plain_16x16_accepts_lower_case_letters() -> None:
    line = "123456789abcdefg" + "." * 240
    puzzles = parse_puzzle_data(line + "\n" + line.upper() + "\n")
    assert puzzles.shape.name == "16x16"
    assert puzzles.puzzle(0).givens[9:16] == (10, 11, 12, 13, 14, 15, 16)
    assert puzzles.puzzle(0).givens == puzzles.puzzle(1).givens


def test_plain_collection_errors() -> None:
    assert message_of(EXAMPLE[:80] + "\n") == "Line 1 has the wrong length."
    assert message_of("# c\n" + EXAMPLE + "\n" + FOUR + "\n") == "Line 3 has the wrong length."
    assert message_of("# c\n" + EXAMPLE[:-1] + "A\n") == "Line 2 has an invalid character."
    assert message_of(FOUR[:-1] + "5\n") == "Line 1 has an invalid character."
    assert message_of("h" + "." * 255 + "\n") == "Line 1 has an invalid character."


def test_samurai_is_not_taken_for_a_block_size() -> None:
    assert message_of("samurai\n") == NO_PUZZLES


# --- Samurai (1.3) --------------------------------------------------------------


def samurai_line(values: list[int]) -> str:
    return format_line(samurai(), values)


def test_samurai_collection_and_shared_boxes() -> None:
    shape = samurai()
    values = [0] * shape.size
    centre_corner = shape.cell_at[6, 6]  # shared by the top-left and centre grids
    values[centre_corner] = 5
    line = samurai_line(values)
    assert len(line) == 405 and line.count("5") == 2
    puzzles = parse_puzzle_data("samurai\n" + line + "\n")
    assert (puzzles.kind, puzzles.shape.name, len(puzzles)) == ("samurai", "samurai", 1)
    assert puzzles.puzzle(0).givens[centre_corner] == 5
    # the same line without a header is a plain collection of Samurai puzzles
    assert parse_puzzle_data(line + "\n").shape is shape
    # the two copies of a shared box must agree
    broken = line[:60] + ("4" if line[60] != "4" else "3") + line[61:]
    assert message_of("samurai\n" + line + "\n" + broken + "\n") == "Line 3 has an invalid character."


def test_drawn_samurai_round_trip() -> None:
    shape = samurai()
    values = [0] * shape.size
    values[0], values[shape.cell_at[20, 20]], values[shape.cell_at[10, 10]] = 1, 9, 4
    drawing = format_drawn_samurai(values)
    puzzles = parse_puzzle_data(drawing)
    assert (puzzles.kind, len(puzzles)) == ("samurai-drawn", 1)
    assert puzzles.puzzle(0).givens == tuple(values)
    assert parse_puzzle_data(drawing.replace("0", ".")).puzzle(0).givens == tuple(values)
    spaced = drawing.splitlines()
    spaced[10] = "   " + spaced[10][3:]  # gaps may be spaces
    assert parse_puzzle_data("\n".join(spaced)).puzzle(0).givens == tuple(values)


def test_drawn_samurai_errors() -> None:
    rows = format_drawn_samurai([0] * samurai().size).splitlines()
    outside = rows.copy()
    outside[2] = outside[2][:10] + "5" + outside[2][11:]  # a value in the gap
    assert message_of("\n".join(outside)) == "Line 3 has an invalid character."
    inside = rows.copy()
    inside[7] = "x" + inside[7][1:]
    assert message_of("\n".join(inside)) == "Line 8 has an invalid character."


@pytest.mark.skipif(not (SHARED_DATA / "samurai").is_dir(), reason="../shared/data is absent")
def test_shared_samurai_files_read() -> None:
    for path in sorted((SHARED_DATA / "samurai").glob("*.txt")):
        puzzles = read_puzzle_file(path)
        assert puzzles.describe() == "1 puzzle, samurai", path.name


@pytest.mark.skipif(not SHARED_DATA.is_dir(), reason="../shared/data is absent")
@pytest.mark.parametrize(
    "name, description",
    [
        ("9x9/top1465.txt", "1465 puzzles, 9x9"),
        ("9x9/17-clue.txt", "49158 puzzles, 9x9"),
        ("9x9/serg-multi-solution.txt", "10000 puzzles, 9x9"),
        ("16x16/tarek-206.txt", "206 puzzles, 16x16"),
        ("16x16/tarek-first20.txt", "20 puzzles, 16x16"),
    ],
)
def test_shared_collections_read(name: str, description: str) -> None:
    assert read_puzzle_file(SHARED_DATA / name).describe() == description


# --- files on disk ---------------------------------------------------------------


def test_os_errors_become_plain_messages(tmp_path: Path) -> None:
    with pytest.raises(PuzzleFileError, match="does not exist"):
        read_puzzle_file(tmp_path / "missing.txt")
    with pytest.raises(PuzzleFileError, match="folder"):
        read_puzzle_file(tmp_path)


def test_progress_and_cancel(tmp_path: Path) -> None:
    from sudoku_tui.engine.progress import Cancelled

    path = tmp_path / "many.txt"
    path.write_text("3\n" + (EXAMPLE + "\n") * 30000)
    seen: list[tuple[int, int]] = []
    puzzles = read_puzzle_file(path, progress=lambda done, total: seen.append((done, total)))
    assert len(puzzles) == 30000
    assert seen and seen[-1][0] == seen[-1][1] == path.stat().st_size
    with pytest.raises(Cancelled):
        read_puzzle_file(path, should_stop=lambda: True)
