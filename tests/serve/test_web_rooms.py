"""``sudoku-tui serve web`` runs the room hub as ``serve ssh`` does: on ``rooms.sock`` in its
folder, told to every tab's game, started and stopped with the server; a tab in headless
Chromium joins a room by its code and plays in it."""

from __future__ import annotations

import asyncio
import socket
import stat
from pathlib import Path
from typing import Any

from sudoku_tui.engine.board.shapes import shape_for_size
from sudoku_tui.game import texts
from sudoku_tui.game.rooms.messages import decode, encode
from sudoku_tui.serve.served_game import ROOMS
from sudoku_tui.serve.server_settings import ROOMS_SOCKET
from tests.serve.needs import need
from tests.serve.room_games import LINE_4, MOST_MESSAGES, WAIT, Game
from tests.serve.test_web_limits import first_drawing, game
from tests.serve.web_helpers import WebServer


def environments_of_children(parent: int) -> list[dict[str, str]]:
    """The environments of a process's children (its tabs' games), as Linux shows them."""
    found = []
    for stat_file in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat_file.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) != parent:
                continue
            raw = (stat_file.parent / "environ").read_bytes()
        except (OSError, IndexError, ValueError):
            continue  # a process that ended meanwhile
        found.append(dict(entry.split("=", 1) for entry in raw.decode(errors="replace").split("\0") if "=" in entry))
    return found


async def create_a_room(path: Path) -> dict[str, object]:
    reader, writer = await asyncio.open_unix_connection(path)
    client = Game(reader, writer)
    await client.send("hello", player="ann", name="nann")
    await client.send("create", room="race")
    joined = await client.until("joined")
    await client.close()
    return joined


async def a_tabs_environment(server: WebServer) -> list[dict[str, str]]:
    async with game(server) as socket:
        await first_drawing(socket)
        return environments_of_children(server.process.pid)


def test_the_web_server_runs_the_room_hub_for_its_tabs(tmp_path: Path) -> None:
    need("textual_serve")
    server = WebServer(tmp_path)
    socket = tmp_path / "data" / ROOMS_SOCKET
    try:
        assert stat.S_ISSOCK(socket.stat().st_mode) and stat.S_IMODE(socket.stat().st_mode) == 0o600
        joined = asyncio.run(create_a_room(socket))
        assert joined["kind"] == "joined" and joined["role"] == "host" and joined["room"] == "race"
        environments = asyncio.run(a_tabs_environment(server))
        assert [env.get(ROOMS) for env in environments] == [str(socket)]
    finally:
        server.stop()
    assert not socket.exists()  # gone with the server


class Host:
    """A room's host speaking to the web server's hub line by line, as a game process does
    (blocking: the browser's driver is blocking too)."""

    def __init__(self, path: Path) -> None:
        self.connection = socket.socket(socket.AF_UNIX)
        self.connection.settimeout(WAIT)
        self.connection.connect(str(path))
        self.lines = self.connection.makefile("rb")

    def send(self, kind: str, **fields: object) -> None:
        self.connection.sendall(encode(kind, **fields))

    def until(self, kind: str, **fields: object) -> dict[str, Any]:
        for _ in range(MOST_MESSAGES):
            message = decode(self.lines.readline())
            if message["kind"] == kind and all(message.get(key) == value for key, value in fields.items()):
                return message
        raise AssertionError(f"no {kind} {fields} in {MOST_MESSAGES} messages")

    def close(self) -> None:
        self.lines.close()
        self.connection.close()


def test_a_browser_tab_joins_a_room_by_its_code_and_plays_in_it(tmp_path: Path) -> None:
    need("textual_serve")
    from selenium.webdriver.common.keys import Keys

    from tests.serve.test_web import Browser

    server = WebServer(tmp_path)
    host = Host(tmp_path / "data" / ROOMS_SOCKET)
    browser = Browser()
    try:
        host.send("hello", player="ann", name="Ann")
        host.send("create", room="coop")
        code = str(host.until("joined")["code"])
        host.send("puzzle", shape=shape_for_size(4).name, line=LINE_4)
        browser.driver.get(server.url)
        browser.wait_for_shown("q Quit")
        before = len(browser.received)
        browser.press("w")
        browser.wait_for_shown(texts.ROOM_CODE_PROMPT, since=before)
        browser.press(Keys.TAB + Keys.TAB + code.lower() + Keys.ENTER)  # past the two buttons to the code
        seats = host.until("seats")
        while len(seats["seats"]) < 2:
            seats = host.until("seats")
        guest = seats["seats"][1]
        assert guest["name"].startswith("guest-") and guest["role"] == "player"
        browser.wait_for_shown(f"Co-op {code}", since=before)
        browser.wait_for_shown("Ann", since=before)
        browser.press(Keys.ARROW_RIGHT + "2")  # beside the given 1 in the first row
        changed = host.until("changed", seat=guest["seat"])
        assert (changed["cell"], changed["value"]) == (1, 2)
    finally:
        browser.quit()
        host.close()
        server.stop()
