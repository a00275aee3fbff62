"""Serving the game: over SSH (a game process per session, on its own
pseudo-terminal) and in a web browser (a game process per tab).

Nothing here is imported by the game on one's own machine; the server's
libraries (asyncssh, textual-serve, psycopg) come with the ``server`` extra.
"""
