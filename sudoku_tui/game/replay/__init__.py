"""Replays: a game's moves played again, each labelled with what justified it."""
