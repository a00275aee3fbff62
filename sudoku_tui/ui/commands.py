"""A game action is one binding: the Footer, the command palette and F1 help read it.

The Footer shows a binding's short ``description``; the palette and help
need a longer title and a sentence. Those travel in the binding's tooltip as
``"Title: what it does"``, written by :func:`command` and read back by
:func:`title_and_help`, so adding an action stays one binding and one method.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

from textual.actions import parse
from textual.app import SystemCommand
from textual.binding import Binding
from textual.dom import DOMNode

from ..game import texts

UNAVAILABLE = texts.NOT_AVAILABLE_NOW


def command(
    key: str,
    action: str,
    title: str,
    help_text: str,
    *,
    footer: str = "",
    key_display: str | None = None,
    priority: bool = False,
) -> Binding:
    """The binding of a game action: ``footer`` names it in the Footer (none: not
    shown there), ``title`` and ``help_text`` in the palette and F1 help."""
    return Binding(
        key,
        action,
        footer or title,
        show=bool(footer),
        key_display=key_display,
        priority=priority,
        tooltip=f"{title}: {help_text}",
    )


def title_and_help(binding: Binding) -> tuple[str, str]:
    """The palette title and help sentence of a binding made by :func:`command`."""
    title, _, help_text = binding.tooltip.partition(": ")
    return title, help_text[:1].upper() + help_text[1:]


def bindings_of(node: DOMNode) -> list[Binding]:
    """The bindings the node's class declares (not those Textual's base classes add,
    such as Tab), one per key, in the order they were declared."""
    return [binding for binding in Binding.make_bindings(type(node).BINDINGS) if not binding.system]


def palette_commands(
    node: DOMNode,
    state: Callable[[str, tuple[object, ...]], bool | None],
    say_unavailable: Callable[[str], None],
) -> Iterator[SystemCommand]:
    """The palette entries of a node's actions, one per action, in binding order.

    ``state`` says of each action what ``check_action`` would with the palette
    closed: an action it hides (False) is left out; a disabled one (None) is
    listed, says so, and only tells the player when chosen.
    """
    listed: set[str] = set()
    for binding in bindings_of(node):
        if not binding.tooltip or binding.action in listed:
            continue
        listed.add(binding.action)
        _, name, parameters = parse(binding.action)
        enabled = state(name, parameters)
        if enabled is False:
            continue
        title, help_text = title_and_help(binding)
        if enabled:
            yield SystemCommand(title, help_text, partial(getattr(node, f"action_{name}"), *parameters))
        else:
            yield SystemCommand(title, f"{UNAVAILABLE} {help_text}", partial(say_unavailable, title))
