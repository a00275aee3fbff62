"""Colour mode's keys, without a screen."""

from __future__ import annotations

from sudoku_tui.game.colours import ColourKey, colour_key, letter

CLEAR = frozenset({"0", "full_stop", "backspace", "delete"})
NINE = "123456789"
SIXTEEN = "123456789ABCDEFG"


def test_one_to_six_paint_and_zero_or_a_clear_key_takes_the_paint_off() -> None:
    for digit in "123456":
        assert colour_key(digit, digit, NINE, CLEAR) == ColourKey("paint", int(digit))
    for key, character in (("0", "0"), ("backspace", None), ("delete", None), ("full_stop", ".")):
        assert colour_key(key, character, NINE, CLEAR) == ColourKey("paint", 0)


def test_z_and_escape_leave_and_other_values_are_refused() -> None:
    assert colour_key("z", "z", NINE, CLEAR).use == "leave"
    assert colour_key("escape", None, NINE, CLEAR).use == "leave"
    for value in "789":
        assert colour_key(value, value, NINE, CLEAR).use == "refuse"
    assert colour_key("A", "A", SIXTEEN, CLEAR).use == "refuse"  # a 16x16 value
    assert colour_key("A", "A", NINE, CLEAR).use == "other"  # not a value here: whatever A does
    assert colour_key("up", None, NINE, CLEAR).use == "other"
    assert colour_key("٣", "٣", NINE, CLEAR).use == "other"  # a digit of another script is no colour


def test_each_colour_has_its_own_letter() -> None:
    letters = [letter(colour) for colour in range(1, 7)]
    assert len(set(letters)) == 6 and all(len(each) == 1 and each.isalpha() for each in letters)
    assert letter(0) == "" and letter(7) == ""
