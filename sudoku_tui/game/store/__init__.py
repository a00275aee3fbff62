"""The player store: what the game keeps between runs, for every player.

interface.py is what the game talks to (the abstract Store and its errors),
records.py what it hands back and forth (games, finished games, sources,
aids); sql.py holds what both databases share (the schema, the statements,
the SqlStore base), sqlite.py and postgresql.py are its dialects; checks.py
reads rows back; settings.py and statistics.py are the settings table and
the figures the store answers with; local.py and location.py open a store
on a player's machine or where a server names it; import_saves.py brings in
the earlier version's ``saves.json``.
"""
