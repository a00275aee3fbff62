"""The server side of rooms: the hub that carries a room's lines between its games."""
