"""What Textual keeps of widgets that have gone, let go.

Textual 8.2 caches ``StylesCache.get_inner_outer`` with ``functools.lru_cache`` on the
method itself, so the key of each call holds the widget's styles cache, and with it the
lines the widget last drew: up to 1,024 of them outlive their widgets. Each Open dialog
left some 200 KB behind after it closed, and each rebuild of the Footer its old keys'
lines. Clearing that cache once widgets have gone lets their lines go too; the widgets on
screen fill it again at their next drawing (two styles each).
"""

from __future__ import annotations

from textual._styles_cache import StylesCache


def let_gone_widgets_go() -> None:
    StylesCache.get_inner_outer.cache_clear()
