"""The game's themes: two of its own, and the colours every theme draws the game in.

Besides Textual's themes the palette offers a high-contrast theme and a
colour-blind-safe one (Okabe and Ito's hues: nothing is told by red against
green; a mistake, a conflict and a hint also have their own marks on the board,
``×5×``, ``!5!`` and ``[5]``). The ANSI themes are not offered: their colours
are the terminal's own, which the game can neither know nor check (``NO_COLOR``
is the way to the terminal's colours).

A theme gives a few colours; the game's screens draw text in shades of them
(a pencil mark fainter than a value, a highlighted cell's tint). Those shades
are worked out here, per theme, as CSS variables (``$sudoku-…``): each text
colour is moved toward black or white until it contrasts by at least
:data:`TEXT_RATIO` with every background it is drawn on (WCAG 2's contrast
ratio; 4.5:1 is its level AA), and each grid line by :data:`LINE_RATIO`.
``tests/ui/test_contrast.py`` measures what is drawn.
"""

from __future__ import annotations

from collections.abc import Iterable

from textual.color import Color, ColorParseError
from textual.theme import Theme

TEXT_RATIO = 4.6  # WCAG's 4.5 with a margin for the rounding of blended colours
LINE_RATIO = 3.1  # WCAG's 3 for graphics (the grid's lines), with the same margin
THEME_SETTING = "theme"
HIDDEN_THEMES = ("ansi-dark", "ansi-light")

HIGH_CONTRAST = Theme(
    name="sudoku-high-contrast",
    primary="#FFD700",
    secondary="#00E5FF",
    accent="#00E5FF",
    foreground="#FFFFFF",
    background="#000000",
    surface="#000000",
    panel="#1C1C1C",
    warning="#FFD700",
    error="#FF5C5C",
    success="#7CFF7C",
    dark=True,
)

COLOUR_BLIND_SAFE = Theme(
    name="sudoku-colour-blind",
    primary="#0072B2",
    secondary="#CC79A7",
    accent="#E69F00",
    foreground="#F2F2F2",
    background="#15191E",
    surface="#1E242B",
    panel="#2A323B",
    warning="#F0E442",
    error="#D55E00",
    success="#56B4E9",
    dark=True,
)

OUR_THEMES = (HIGH_CONTRAST, COLOUR_BLIND_SAFE)

# The board's tints: (variable, theme colour, its share over the background).
TINTS = (
    ("band", "foreground", 0.08),
    ("shared", "warning", 0.14),
    ("variant", "secondary", 0.22),
    ("peer", "primary", 0.20),
    ("same", "accent", 0.30),
    ("conflict", "error", 0.40),
    ("hint", "warning", 0.35),
    ("other", "secondary", 0.45),
)


def luminance(color: Color) -> float:
    """WCAG 2's relative luminance."""

    def linear(channel: int) -> float:
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b)


def contrast(one: Color, other: Color) -> float:
    lighter, darker = sorted((luminance(one), luminance(other)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def readable(color: Color, grounds: Iterable[Color], ratio: float = TEXT_RATIO) -> Color:
    """``color``, or the least change of it toward white or black that contrasts by ``ratio``
    with each of ``grounds`` (toward whichever gets there first; the better extreme if none does)."""
    grounds = list(grounds)

    def worst(candidate: Color) -> float:
        return min(contrast(candidate, ground) for ground in grounds)

    if worst(color) >= ratio:
        return color
    extremes = sorted((Color(255, 255, 255), Color(0, 0, 0)), key=worst, reverse=True)
    for step in range(1, 41):
        for extreme in extremes:
            moved = color.blend(extreme, step / 40)
            if worst(moved) >= ratio:
                return moved
    return extremes[0]


def _colour(variables: dict[str, str], name: str, ground: Color) -> Color:
    """A theme variable's colour, any alpha blended over ``ground`` (the foreground where a
    theme gives none that parses: "auto", "transparent")."""
    text, _, share = variables.get(name, "").partition(" ")  # "#949CBB 30%": a colour and its share
    try:
        color = Color.parse(text)
        if share.endswith("%"):
            color = color.multiply_alpha(float(share[:-1]) / 100)
    except (ColorParseError, ValueError):
        color = Color.parse(variables["foreground"])
    return ground + color if color.a < 1 else color


def sudoku_variables(variables: dict[str, str]) -> dict[str, str]:
    """The game's shades of a theme, from Textual's variables for it."""
    ground = Color.parse(variables["background"])
    colour = {name: _colour(variables, name, ground) for name in ("foreground", "primary", "secondary", "accent")}
    colour |= {name: _colour(variables, name, ground) for name in ("warning", "error", "success", "panel", "surface")}
    foreground = colour["foreground"]
    tints = {name: ground.blend(colour[base], share) for name, base, share in TINTS}
    board = [ground, *tints.values()]
    given = readable(foreground, board)
    shades = {
        "given": given,
        "entry": readable(colour["accent"], board),
        "solved": readable(colour["success"], board),
        "mark": readable(ground.blend(foreground, 0.55), board),
        "line": readable(ground.blend(foreground, 0.45), [ground, tints["band"]], LINE_RATIO),
        "muted": readable(ground.blend(foreground, 0.6), [ground]),
        "warning-text": readable(colour["warning"], [ground]),
        "cursor": readable(colour["primary"], [given]),  # reverse video: the value in it, on the given's colour
        "mode": readable(ground.blend(colour["warning"], 0.6), [given]),
        "header": readable(foreground, [colour["panel"]]),
        "on-surface": readable(foreground, [colour["surface"]]),
        "on-dialog": readable(
            ground.blend(foreground, 0.7),
            [colour["surface"], colour["surface"].blend(foreground, 0.05), colour["panel"], ground],
        ),
        "toggle-off": readable(colour["panel"].blend(foreground, 0.3), [colour["panel"]], LINE_RATIO),
        "toggle-on": readable(colour["success"], [colour["panel"]], TEXT_RATIO),
        **tints,
    }
    cursors = [
        _colour(variables, name, colour["surface"])
        for name in ("block-cursor-background", "block-cursor-blurred-background")
    ]
    # A focused group tints what it holds with 5% of the foreground.
    focused, blurred = cursors
    shades["on-cursor"] = readable(foreground, [focused, focused.blend(foreground, 0.05)])
    shades["on-cursor-blurred"] = readable(foreground, [blurred])
    groups = [colour["surface"], colour["panel"]]
    shades["on-group"] = readable(foreground, [*groups, *(group.blend(foreground, 0.05) for group in groups)])
    shades["on-primary"] = readable(colour["primary"].get_contrast_text(1.0), [colour["primary"]])
    selected = _colour(variables, "input-selection-background", colour["surface"])
    shades["on-selection"] = readable(foreground, [selected, selected.blend(foreground, 0.05)])
    footer_ground = _colour(variables, "footer-background", ground)
    shades["footer-key"] = readable(_colour(variables, "footer-key-foreground", footer_ground), [footer_ground])
    shades["footer-text"] = readable(
        _colour(variables, "footer-description-foreground", footer_ground), [footer_ground]
    )
    return {f"sudoku-{name}": color.hex for name, color in shades.items()}
