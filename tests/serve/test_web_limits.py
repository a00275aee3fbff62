"""``sudoku-tui serve web`` against raw websocket clients (aiohttp's) on 127.0.0.1: which
pages may start games, how many games at once and per minute, and messages no page sends."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

from tests.serve.needs import need
from tests.serve.web_helpers import WebServer

TRY_AGAIN_LATER = 1013
POLICY_VIOLATION = 1008
WAIT = 60.0  # seconds: a safety net for a game that never draws or a close that never comes


@pytest.fixture
def started(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[WebServer]:
    need("textual_serve")
    server = WebServer(tmp_path, *getattr(request, "param", ()))
    try:
        yield server
    finally:
        server.stop()


def options(*given: str) -> pytest.MarkDecorator:
    return pytest.mark.parametrize("started", [given], indirect=True)


@asynccontextmanager
async def game(server: WebServer, origin: str | None = None) -> AsyncIterator[object]:
    import aiohttp

    async with aiohttp.ClientSession() as client, client.ws_connect(server.websocket_url, origin=origin) as socket:
        yield socket


async def first_drawing(socket: object) -> None:
    """Wait for the game to draw (binary frames are the terminal's output)."""
    import aiohttp

    assert isinstance(socket, aiohttp.ClientWebSocketResponse)
    async with asyncio.timeout(WAIT):
        while (message := await socket.receive()).type != aiohttp.WSMsgType.BINARY:
            assert message.type == aiohttp.WSMsgType.TEXT, message


async def closing(socket: object) -> tuple[int | None, str]:
    """The close the server sends (code and reason), skipping what comes before it."""
    import aiohttp

    assert isinstance(socket, aiohttp.ClientWebSocketResponse)
    async with asyncio.timeout(WAIT):  # a game draws its clock every second: frames never stop by themselves
        while True:
            message = await socket.receive()
            if message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                return socket.close_code, str(message.extra or "")


def run(coroutine: object) -> None:
    asyncio.run(coroutine)  # type: ignore[arg-type]


def test_a_page_of_another_origin_starts_no_game(started: WebServer) -> None:
    import aiohttp

    async def attempt() -> None:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            async with game(started, origin="http://evil.example"):
                pass
        assert refused.value.status == 403
        # The server's own page, as the browser names it, is let in.
        async with game(started, origin=f"http://127.0.0.1:{started.port}") as socket:
            await first_drawing(socket)

    run(attempt())
    log = started.wait_for_log("session end")
    assert "refused 127.0.0.1: websocket from another origin ('http://evil.example'" in log
    assert log.count("session start") == 1


@options("--allow-origin", "https://club.example", "--allow-origin", "http://localhost:9999")
def test_allow_origin_lets_named_pages_in(started: WebServer) -> None:
    import aiohttp

    async def attempt() -> None:
        for origin in ("https://club.example", "http://localhost:9999"):
            async with game(started, origin=origin) as socket:
                await first_drawing(socket)
        with pytest.raises(aiohttp.WSServerHandshakeError):
            async with game(started, origin="https://club.example:8443"):  # another port is another origin
                pass

    run(attempt())


@options("--max-sessions", "2")
def test_max_sessions_refuses_the_next_game_with_a_reason(started: WebServer) -> None:
    async def attempt() -> None:
        async with game(started) as first, game(started) as second:
            await first_drawing(first)
            await first_drawing(second)
            async with game(started) as third:
                assert await closing(third) == (TRY_AGAIN_LATER, "The server is full: try again in a few minutes.")
        started.wait_for_log("session end: guest from 127.0.0.1")
        # Its slot is given back when a game ends.
        async with game(started) as later:
            await first_drawing(later)

    run(attempt())
    log = started.log()
    assert log.count("refused guest from 127.0.0.1: server full") == 1
    assert log.count("session start") == 3


@options("--connections-per-minute", "3")
def test_connections_per_minute_refuses_the_next_game_with_a_reason(started: WebServer) -> None:
    async def attempt() -> None:
        for _ in range(3):
            async with game(started) as socket:
                await first_drawing(socket)
        async with game(started) as fourth:
            reason = "Too many games started from your address: try again in a minute."
            assert await closing(fourth) == (TRY_AGAIN_LATER, reason)

    run(attempt())
    log = started.wait_for_log("too many connections from 127.0.0.1: refused")
    assert log.count("session start") == 3


MALFORMED = [
    "not JSON at all",
    '{"stdin": "x"}',
    "[]",
    "[1, 2]",
    '["stdin", 5]',
    '["stdin", "a", "b"]',
    '["resize", [80, 24]]',
    '["resize", {"width": "80", "height": 24}]',
    '["resize", {"width": true, "height": 24}]',
    '["ping", {"x": 1}]',
    "[" * 100_000,
]


@options("--connections-per-minute", "100")
def test_a_malformed_message_is_one_log_line(started: WebServer) -> None:
    async def attempt() -> None:
        for text in MALFORMED:
            async with game(started) as socket:
                await first_drawing(socket)
                await socket.send_str(text)  # type: ignore[attr-defined]
                code, reason = await closing(socket)
                assert (code, reason) == (POLICY_VIOLATION, "The page sent a message the server does not understand.")

    run(attempt())
    log = started.wait_for_log("session end", times=len(MALFORMED))
    assert log.count("malformed message") == len(MALFORMED), log
    assert "Traceback" not in log
    assert len(log.splitlines()) == 1 + 2 * len(MALFORMED), log  # listening, then each game's start and end


def test_a_resize_report_typed_into_the_page_is_clamped(started: WebServer) -> None:
    """An in-band resize report anyone can type: the game lays out to at most 1000x500,
    and goes on answering keys (unclamped, it would lay out to 100000x100000)."""
    import aiohttp

    async def attempt() -> None:
        async with game(started) as socket:
            assert isinstance(socket, aiohttp.ClientWebSocketResponse)
            await first_drawing(socket)
            await socket.send_str('["stdin", "\\u001b[48;100000;100000;0;0t"]')
            await socket.send_str('["stdin", "\\u0010"]')  # ctrl+p: the command palette
            drawn = bytearray()
            async with asyncio.timeout(WAIT):
                while b"Search for commands" not in drawn:
                    message = await socket.receive()
                    assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
                    if message.type == aiohttp.WSMsgType.BINARY:
                        drawn += message.data
            rows = [int(row) for row in re.findall(rb"\x1b\[(\d+);\d+H", bytes(drawn))]
            assert rows and max(rows) <= 500

    run(attempt())
