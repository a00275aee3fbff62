"""``sudoku-tui serve web`` in a real headless Chromium (Debian's chromium and chromedriver).

The page draws the terminal on a canvas, so the test reads what the browser
received on the page's WebSocket (Chromium's own network log): the game's
screen as the page got it, and its answer to a key typed into the page.
"""

from __future__ import annotations

import base64
import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serve.needs import need, need_program


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for_port(port: int, server: subprocess.Popen[bytes], timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise AssertionError("the web server stopped")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the web server did not listen")


@pytest.fixture
def web_server(tmp_path: Path) -> Iterator[str]:
    need("textual_serve")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "sudoku_tui", "serve", "web", "--listen", f"127.0.0.1:{port}", "--data", str(tmp_path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for_port(port, server)
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.terminate()
        server.wait(timeout=30)


class Browser:
    """Headless Chromium with its network log, which holds the page's WebSocket frames."""

    def __init__(self) -> None:
        webdriver = need("selenium.webdriver")
        from selenium.webdriver.chrome.options import Options
        from selenium.webdriver.chrome.service import Service

        options = Options()
        for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
            options.add_argument(flag)
        options.add_argument("--window-size=1200,900")
        options.binary_location = need_program("chromium", "google-chrome", "chromium-browser")
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        self.driver = webdriver.Chrome(service=Service(need_program("chromedriver")), options=options)
        self.received = bytearray()

    def _take_frames(self) -> None:
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] != "Network.webSocketFrameReceived":
                continue
            frame = message["params"]["response"]
            payload = frame["payloadData"]
            self.received += base64.b64decode(payload) if frame["opcode"] == 2 else payload.encode()

    def wait_for(self, text: str, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while text.encode() not in self.received:
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never reached the page")
            time.sleep(0.2)
            self._take_frames()

    def type(self, keys: str) -> None:
        # The terminal takes its keys through a hidden text box, as when a player types.
        self.driver.find_element("css selector", ".xterm-helper-textarea").send_keys(keys)

    def quit(self) -> None:
        self.driver.quit()


def test_the_browser_shows_the_board_and_it_answers_keys(web_server: str) -> None:
    browser = Browser()
    try:
        browser.driver.get(web_server)
        browser.wait_for("Press o to open a puzzle file.")  # the game's first screen, board and all
        browser.wait_for("╋")  # where the board's thick lines cross
        browser.type("o")
        browser.wait_for("Open Puzzle File")
    finally:
        browser.quit()
