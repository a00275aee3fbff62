"""The screen as text, one terminal line a line (what a player reads, without the colours)."""

from __future__ import annotations

from textual.app import App


def screen_text(app: App[None]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())
