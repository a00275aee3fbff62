"""``sudoku-tui serve web``: the game in a browser tab, on textual-serve.

textual-serve starts the command once per browser tab (its own process, as
over SSH) and draws it in the page. Every tab plays as a guest, whose games
last for the tab: a browser brings no key, and naming a player by a cookie or
a name typed in would let anyone who copies it play as someone else, so the
web server names no one (docs/serving.md says why). The same limits as over
SSH hold inside each game process: the puzzle folders, the memory cap, the
lower priority, and the turns at making puzzles.

What this module adds to textual-serve's :class:`Server` (docs/serving.md, "Serving
the game"): a game's websocket is taken only from the server's own page (its
``Origin`` is the page's host, the ``--public-url``, or one named with
``--allow-origin``), at most ``--max-sessions`` games at once and
``--connections-per-minute`` new games per address (a refused tab shows
why), every message from the page checked (a malformed one is one log line
and ends that tab's game), window sizes clamped, a page that gives the game
the keyboard as soon as it is drawn, and the room hub on ``rooms.sock`` in the
server's folder, as ``serve ssh`` runs it (docs/rooms.md).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp_jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from ..game import texts
from .game_terminal import game_command
from .limits import RateLimit
from .origins import OriginPolicy
from .rooms.hub import Hub
from .rooms.serving import start_rooms
from .served_game import ROOMS
from .server_settings import ServerSettings

MAX_COLUMNS = 1000  # a window's size as the page asks it, clamped: a huge one costs a game its memory
MAX_ROWS = 500
PAGE_SCRIPT = Path(__file__).with_name("web_page.js")
TRY_AGAIN_LATER = 1013  # the websocket close code for "come back later" (RFC 6455's registry)


class MalformedMessage(ValueError):
    """A message from the page that is not one the page sends."""


def clamped(value: object, most: int) -> int:
    """A size the page asked for, within what a terminal can show (bool is no size)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise MalformedMessage(f"size {value!r}")
    return max(1, min(value, most))


def envelope(data: str) -> tuple[str, Any]:
    """A message from the page, as the page sends them: ``[type]`` or ``[type, payload]``."""
    try:
        message = json.loads(data)
    except (ValueError, RecursionError) as error:
        raise MalformedMessage(f"not JSON ({error.__class__.__name__})") from None
    if not isinstance(message, list) or not 1 <= len(message) <= 2 or not isinstance(message[0], str):
        raise MalformedMessage(f"not [type, payload] but {type(message).__name__}")
    return message[0], message[1] if len(message) == 2 else None


class WebServer(Server):
    """textual-serve's server with the limits of ``serve ssh`` and a page of ours."""

    def __init__(
        self,
        settings: ServerSettings,
        host: str,
        port: int,
        public_url: str | None = None,
        allow_origins: tuple[str, ...] = (),
    ) -> None:
        super().__init__(shlex.join(game_command()), host=host, port=port, title="Sudoku", public_url=public_url)
        self.settings = settings
        self.page_url = public_url  # None: each page's addresses follow the host it was asked from
        self.origins = OriginPolicy.of(list(allow_origins), public_url)
        self.rate = RateLimit(settings.connections_per_minute)
        self.sessions: set[web.WebSocketResponse] = set()
        self.page_script = PAGE_SCRIPT.read_text(encoding="utf-8")
        self.hub: Hub | None = None

    # ---- the log ----------------------------------------------------------------

    @staticmethod
    def log(line: str) -> None:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        print(f"{stamp} sudoku-tui serve web: {line}", file=sys.stderr, flush=True)

    def initialize_logging(self) -> None:
        """textual-serve's own few lines, plain (its default shows tracebacks with their locals)."""
        logging.basicConfig(level="WARNING", format="%(asctime)s textual-serve: %(message)s", stream=sys.stderr)

    async def on_startup(self, app: web.Application) -> None:
        """The room hub first, so that every tab's game is told where it is."""
        self.hub = await start_rooms(self.settings, self.log)
        if self.hub is not None:
            # Read by each tab's process as it starts (textual-serve gives it this environment).
            os.environ[ROOMS] = str(self.hub.path)
        self.log(f"listening on {self.host}:{self.port}")

    async def on_shutdown(self, app: web.Application) -> None:
        if self.hub is not None:
            await self.hub.stop()

    # ---- the page ---------------------------------------------------------------

    async def handle_index(self, request: web.Request) -> web.Response:
        """textual-serve's page, at the address it was asked from, with our script added."""
        base = self.page_url or f"{request.scheme}://{request.host}"
        socket = ("wss:" if base.startswith("https") else "ws:") + base.split(":", 1)[1]
        router = request.app.router
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{socket}{router['websocket'].url_for()}",
            "config": {"static": {"url": f"{base}{router['static'].url_for(filename='/')}".rstrip("/") + "/"}},
            "application": {"name": self.title},
        }
        page = aiohttp_jinja2.render_string("app_index.html", request, context)
        page = page.replace("</body>", f"<script>{self.page_script}</script>\n</body>", 1)
        return web.Response(text=page, content_type="text/html")

    # ---- a game's websocket -----------------------------------------------------

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        address = request.remote or "?"
        origin = request.headers.get("Origin")
        if not self.origins.admits(origin, request.host):
            self.log(f"refused {address}: websocket from another origin ({origin!r} on {request.host!r})")
            raise web.HTTPForbidden(text=texts.WEB_FOREIGN_ORIGIN)
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        if not self.rate.allow(address):
            self.log(f"too many connections from {address}: refused")
            await websocket.close(code=TRY_AGAIN_LATER, message=texts.WEB_TOO_MANY_CONNECTIONS.encode())
            return websocket
        if len(self.sessions) >= self.settings.max_sessions:
            self.log(f"refused guest from {address}: server full")
            await websocket.close(code=TRY_AGAIN_LATER, message=texts.WEB_SERVER_FULL.encode())
            return websocket
        self.sessions.add(websocket)
        try:
            await self._play(request, websocket, address)
        finally:
            self.sessions.discard(websocket)
        return websocket

    async def _play(self, request: web.Request, websocket: web.WebSocketResponse, address: str) -> None:
        started = time.monotonic()
        why = "closed"
        self.log(f"session start: guest from {address}")

        async def close() -> None:
            await websocket.close()

        game = AppService(
            self.command,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=close,
            download_manager=self.download_manager,
            debug=self.debug,
        )
        try:
            width = to_int(request.query.get("width", "80"), 80)
            height = to_int(request.query.get("height", "24"), 24)
            await game.start(max(1, min(width, MAX_COLUMNS)), max(1, min(height, MAX_ROWS)))
            await self._relay(websocket, game)
        except MalformedMessage as error:
            why = f"malformed message: {error}"
            await websocket.close(code=WSCloseCode.POLICY_VIOLATION, message=texts.WEB_MALFORMED.encode())
        except asyncio.CancelledError:
            why = "server stopping"
            await websocket.close()
        except Exception as error:  # one line in the log, whatever went wrong with this one game
            why = f"failed: {error.__class__.__name__}: {error}"
        finally:
            await game.stop()
            self.log(f"session end: guest from {address} after {time.monotonic() - started:.1f} s ({why})")

    async def _relay(self, websocket: web.WebSocketResponse, game: AppService) -> None:
        """The page's messages to the game, each checked against what the page sends."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue  # the page sends text only; textual-serve ignores the rest too
            kind, payload = envelope(message.data)
            if kind == "stdin":
                if not isinstance(payload, str):
                    raise MalformedMessage(f"stdin of {type(payload).__name__}")
                await game.send_bytes(payload.encode("utf-8", "replace"))
            elif kind == "resize":
                if not isinstance(payload, dict):
                    raise MalformedMessage(f"resize of {type(payload).__name__}")
                width = clamped(payload.get("width"), MAX_COLUMNS)
                height = clamped(payload.get("height"), MAX_ROWS)
                await game.set_terminal_size(width, height)
            elif kind == "ping":
                if not isinstance(payload, str):
                    raise MalformedMessage(f"ping of {type(payload).__name__}")
                await websocket.send_json(["pong", payload])
            elif kind == "blur":
                await game.blur()
            elif kind == "focus":
                await game.focus()
            # Any other kind is a page newer than this server: ignored, as textual-serve does.


def run_web(
    settings: ServerSettings,
    host: str,
    port: int,
    public_url: str | None,
    allow_origins: tuple[str, ...] = (),
) -> None:
    """Serve until SIGTERM or Ctrl+C."""
    # textual-serve gives each tab's process the server's own environment, with its own
    # driver settings on top: what a guest's game is told goes there.
    os.environ.update(settings.game_environment(None, os.environ.get("TERM", "xterm-256color")))
    WebServer(settings, host, port, public_url, allow_origins).serve()
