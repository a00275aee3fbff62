"""Rooms: games that race or play one board together, through their server."""
