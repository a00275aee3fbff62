"""The player's settings: a few typed values, each with a default.

A setting is kept in the store as JSON text; whatever the store hands back is
checked against the setting's type and choices, and a value that does not
fit reads as the default.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ...engine.board.levels import Symmetry
from ..language import LANGUAGE_SETTING, LANGUAGES
from .records import LEVELS, boards

SettingValue = bool | int | str

# New Puzzle's symmetries (the generator's), repeated so settings never import the generator.
SYMMETRIES = tuple(Symmetry)
MAX_TEXT = 200  # no setting needs more; a longer stored text is not read


@dataclass(frozen=True)
class Setting:
    name: str
    default: SettingValue
    choices: tuple[str, ...] = ()  # for a text setting: the values it may take
    low: int = 0  # for a whole-number setting: its range
    high: int = 0

    def check(self, value: object) -> SettingValue:
        """``value`` if it fits this setting, else ValueError."""
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
        elif isinstance(self.default, int):
            if isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high:
                return value
        elif isinstance(value, str) and len(value) <= MAX_TEXT and (not self.choices or value in self.choices):
            return value
        raise ValueError(f"{value!r} is not a value of the setting {self.name}")

    def encode(self, value: SettingValue) -> str:
        return json.dumps(self.check(value))

    def decode(self, stored: object) -> SettingValue | None:
        """The stored value, or None when it does not read as a value of this setting."""
        if not isinstance(stored, str) or len(stored) > MAX_TEXT + 2:
            return None
        try:
            return self.check(json.loads(stored))
        except (ValueError, RecursionError):
            return None


SETTINGS: dict[str, Setting] = {
    setting.name: setting
    for setting in (
        Setting("show_mistakes", False),
        Setting("new_size", "9x9", choices=tuple(b for b in boards() if b != "25x25")),
        Setting("new_level", "easy", choices=LEVELS),
        Setting("new_symmetry", "none", choices=SYMMETRIES),
        Setting("daily_level", "medium", choices=LEVELS),
        # The palette's theme, by its name; the screen puts it on only if it has a theme of that name.
        Setting("theme", ""),
        # How much the plain mode's answers say: 0 terse, 1 normal, 2 full.
        Setting("plain_verbose", 1, low=0, high=2),
        # A served player's language ("": the one their terminal asks for); their next game speaks it.
        Setting(LANGUAGE_SETTING, "", choices=("", *LANGUAGES)),
    )
}


def setting(name: str) -> Setting:
    """The setting called ``name``; KeyError names the known ones."""
    try:
        return SETTINGS[name]
    except KeyError:
        raise KeyError(f"no setting {name!r}; known: {', '.join(SETTINGS)}") from None
