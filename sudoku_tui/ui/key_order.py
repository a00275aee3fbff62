"""Typed keys handled one after another, in the order they were typed.

Textual sends each key to the widget focused when the key arrives, and runs
the key's binding only when that widget has passed the key up to the app. Keys
that arrive together (a fast typist, a slow link, a busy server) are all
routed before the first is handled, so a key that opens a dialog or moves the
focus left the keys after it with the widget it was leaving: digits typed
right after ``o`` went onto the board behind the Open dialog. Here the app
routes a key only once the one before it has been handled.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from textual import events
from textual.app import App
from textual.message_pump import MessagePump

LOOK = 0.1  # seconds between looks at whether the widget a key waits at has gone away


class KeysInOrder:
    """The app's typed keys: at most one being handled, the others waiting their turn."""

    def __init__(self, app: App[Any]) -> None:
        self.app = app
        self._handling: events.Key | None = None
        self._at: MessagePump | None = None  # where the key being handled is now
        self._waiting: deque[events.Key] = deque()
        self._looking = False

    def admit(self, key: events.Key) -> bool:
        """Whether the app may route ``key`` now; if not, it waits its turn and comes back."""
        if key is self._handling:  # its turn came (see _done)
            return True
        if self._handling is None and not self._waiting:
            self._handling = key
            return True
        self._waiting.append(key)
        return False

    def routed(self, key: events.Key, target: MessagePump) -> None:
        """The app sent ``key`` to ``target``, or a priority binding took it (then it is done)."""
        if key is not self._handling:
            return
        if key.is_forwarded:
            self._follow(key, target)
        else:
            self._done(key)

    def _follow(self, key: events.Key, node: MessagePump) -> None:
        """Go up from ``node`` to the app behind ``key``: each one's queue takes messages in
        order, so when the app comes to this, every node the key may have been passed up
        to (its bindings run at the app) is done with it."""

        def handled() -> None:
            parent = node._parent
            if parent is None or key is not self._handling:
                self._done(key)
            else:
                self._follow(key, parent)

        self._at = node
        node.call_later(handled)
        if not self._looking:
            self._looking = True
            self.app.set_timer(LOOK, self._look)

    def _look(self) -> None:
        """A widget closed with the key in its queue never hands it on: the keys behind go on."""
        self._looking = False
        key, node = self._handling, self._at
        if key is None or node is None:
            return
        if node._closing or node._closed:
            self._done(key)
        else:
            self._looking = True
            self.app.set_timer(LOOK, self._look)

    def _done(self, key: events.Key) -> None:
        if key is not self._handling:
            return
        self._handling = self._at = None
        if self._waiting and self.app.is_running and self.app.screen_stack:
            following = self._waiting.popleft()
            self._handling = following
            self.app.post_message(following)
        else:
            self._waiting.clear()  # the app is ending: nothing more is handled
