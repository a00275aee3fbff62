"""``sudoku-tui serve web`` in a real headless Chromium (Debian's chromium and chromedriver).

The page draws the terminal on a canvas, so the test reads what the browser
received on the page's WebSocket (Chromium's own network log): the game's
screen as the page got it, and its answer to a key typed into the page.
"""

from __future__ import annotations

import base64
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.serve.needs import need, need_program
from tests.serve.web_helpers import WebServer


@pytest.fixture
def web_server(tmp_path: Path) -> Iterator[str]:
    need("textual_serve")
    server = WebServer(tmp_path)
    try:
        yield server.url
    finally:
        server.stop()


CONTROL = re.compile(rb"\x1b\[[0-9;?<>]*[A-Za-z]")  # colours and cursor moves between the words


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

    def wait_for_shown(self, text: str, since: int = 0, timeout: float = 60.0) -> None:
        """``text`` on the screen, whatever colours its words are drawn in (received after ``since``)."""
        deadline = time.monotonic() + timeout
        while text not in CONTROL.sub(b"", bytes(self.received[since:])).decode(errors="replace"):
            if time.monotonic() > deadline:
                raise AssertionError(f"{text!r} never reached the page")
            time.sleep(0.2)
            self._take_frames()

    def press(self, keys: str) -> None:
        """Keys typed as a player types them: to whatever has the page's focus, no click first."""
        from selenium.webdriver.common.action_chains import ActionChains

        ActionChains(self.driver).send_keys(keys).perform()

    def control(self, key: str) -> None:
        """Ctrl and ``key`` together, as a player presses them."""
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.keys import Keys

        ActionChains(self.driver).key_down(Keys.CONTROL).send_keys(key).key_up(Keys.CONTROL).perform()

    def closed_with(self) -> str:
        """What the page says once its game is closed ("Session ended." or the server's reason)."""
        return str(self.driver.execute_script("return document.querySelector('.closed-dialog .message').textContent"))

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


def test_the_page_gives_the_game_the_keyboard_as_it_loads(web_server: str) -> None:
    # No click: a key typed right after the page loads reaches the game, and the Footer
    # shows the game's keys (Textual shows none while the game thinks the page has no focus).
    browser = Browser()
    try:
        browser.driver.get(web_server)
        browser.wait_for("Press o to open a puzzle file.")
        browser.wait_for_shown("q Quit")
        before = len(browser.received)
        browser.press("o")
        browser.wait_for_shown("Open Puzzle File", since=before)
    finally:
        browser.quit()


def test_a_full_server_says_so_in_the_page(tmp_path: Path) -> None:
    need("textual_serve")
    server = WebServer(tmp_path, "--max-sessions", "1")
    browser = Browser()
    try:
        browser.driver.get(server.url)
        browser.wait_for("Press o to open a puzzle file.")
        browser.driver.switch_to.new_window("tab")
        browser.driver.get(server.url)
        deadline = time.monotonic() + 60
        while browser.closed_with() != "The server is full: try again in a few minutes.":
            assert time.monotonic() < deadline, f"the page says {browser.closed_with()!r}"
            time.sleep(0.2)
        assert "server full" in server.log()
    finally:
        browser.quit()
        server.stop()


def test_a_browser_guest_keeps_its_games_with_a_code_a_key_uses(tmp_path: Path) -> None:
    """Keep My Games in a real browser tab: the code the page shows, used by a key,
    gives that key the guest's game (the same game, with the guest's move)."""
    need("textual_serve")
    from sudoku_tui.game.daily import daily_puzzle, today
    from sudoku_tui.game.players.link_codes import LIFETIME
    from sudoku_tui.game.store.location import open_store_at

    server = WebServer(tmp_path)
    browser = Browser()
    key = "SHA256:a-key-of-the-test"
    try:
        browser.driver.get(server.url)
        browser.wait_for("Press o to open a puzzle file.")
        browser.type("d")
        browser.wait_for_shown("(new puzzle, 9x9)")
        line, _ = daily_puzzle(today(), "medium", "9")
        browser.type("\ue014" * line.index(".") + "1")  # right arrows (selenium's), a move in the first empty cell
        before = len(browser.received)
        browser.control("p")  # the command palette
        browser.wait_for_shown("Search for commands", since=before)
        browser.type("keep my\n")
        browser.wait_for_shown("Your code: ", since=before)
        found = re.search(
            r"Your code: ([A-Z0-9]{8})", CONTROL.sub(b"", bytes(browser.received)).decode("utf-8", "replace")
        )
        assert found is not None
        with open_store_at(str(tmp_path / "data"), key).store as store:
            assert store.use_link_code(key, found.group(1), LIFETIME) == key
            [kept] = store.games_in_progress(key)
            assert kept.givens == line and kept.values[line.index(".")] == "1"
    finally:
        browser.quit()
        server.stop()
