"""Players who meet on a server: their names, their linked keys, the daily ranking."""
