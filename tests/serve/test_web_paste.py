"""A browser player pastes a puzzle: in the real headless Chromium, a paste into the page's
terminal (xterm.js sends it to the game as a bracketed paste, ESC[200~ … ESC[201~) puts
the puzzle in play, graded, as a paste in a terminal or over SSH does."""

from __future__ import annotations

import base64
import json
import time

from sudoku_tui.game import texts
from tests.serve.test_web import Browser, web_server

__all__ = ["web_server"]  # the fixture, used by name

PASTED = "..3..4..2..1..2."  # a 4x4 with one solution (an easy one)
# A paste as the browser delivers it to the page: a ClipboardEvent on the terminal's text box.
PASTE = """
const box = document.querySelector('.xterm-helper-textarea');
const data = new DataTransfer();
data.setData('text/plain', arguments[0]);
box.dispatchEvent(new ClipboardEvent('paste', {clipboardData: data, bubbles: true, cancelable: true}));
"""


def typed(browser: Browser) -> str:
    """What the page sent the game as the player's input so far (its WebSocket's ``stdin``
    frames, from Chromium's network log); the frames it received are kept for ``wait_for``."""
    text = ""
    for entry in browser.driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        frame = message["params"].get("response", {})
        if message["method"] == "Network.webSocketFrameSent":
            packet = json.loads(frame["payloadData"]) if frame["opcode"] == 1 else None
            if isinstance(packet, list) and packet[:1] == ["stdin"]:
                text += packet[1]
        elif message["method"] == "Network.webSocketFrameReceived":
            payload = frame["payloadData"]
            browser.received += base64.b64decode(payload) if frame["opcode"] == 2 else payload.encode()
    return text


def test_a_browser_player_pastes_a_puzzle_and_plays_it(web_server: str) -> None:
    browser = Browser()
    try:
        browser.driver.get(web_server)
        browser.wait_for("Press o to open a puzzle file.")
        browser.wait_for_shown("q Quit")  # the game has the page's keyboard
        before = len(browser.received)
        browser.driver.execute_script(PASTE, f"{PASTED}\n")
        bracketed, sent = f"\x1b[200~{PASTED}\r\x1b[201~", ""  # a bracketed paste, as a terminal sends it
        deadline = time.monotonic() + 30
        while bracketed not in sent:
            assert time.monotonic() < deadline, f"the page sent {sent!r}"
            sent += typed(browser)
            time.sleep(0.1)
        browser.wait_for_shown(texts.own_title("4x4", "easy"), since=before)
        browser.wait_for_shown(texts.own_range("4x4"), since=before)
        browser.wait_for("\x1b[?25h")  # the terminal's cursor shown on the selected cell, in the page too
    finally:
        browser.quit()
