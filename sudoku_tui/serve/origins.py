"""Which web pages may start games on ``serve web``: a websocket's ``Origin`` header.

A browser sends the page's origin with every websocket it opens; without a
check, any page on the web could open games on a server its visitor can
reach (a server on 127.0.0.1 included). Light: the command line checks
``--allow-origin`` with it without loading the web server.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

DEFAULT_PORTS = {"http": 80, "https": 443}


def origin_of(text: str) -> tuple[str, str, int] | None:
    """``scheme://host[:port]`` as (scheme, host, port), or None when it is not one."""
    try:
        parts = urlsplit(text.strip())
        port = parts.port
    except ValueError:
        return None
    scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
    if scheme not in ("http", "https") or not host or parts.path not in ("", "/") or parts.query or parts.username:
        return None
    return scheme, host, port if port is not None else DEFAULT_PORTS[scheme]


@dataclass(frozen=True)
class OriginPolicy:
    """Which pages may start games: the server's own (the page's host), and those named."""

    allowed: frozenset[tuple[str, str, int]] = field(default_factory=frozenset)

    @classmethod
    def of(cls, origins: list[str], public_url: str | None) -> OriginPolicy:
        if public_url:  # the server's address as its players know it; its path says nothing of origin
            parts = urlsplit(public_url)
            origins = [*origins, f"{parts.scheme}://{parts.netloc}"]
        named = [origin_of(text) for text in origins]
        return cls(frozenset(origin for origin in named if origin is not None))

    def admits(self, origin: str | None, host: str) -> bool:
        """``origin``: the websocket's Origin header; ``host``: its Host header, where the page came from."""
        if origin is None:
            # Browsers always send an Origin with a websocket; a client without one is no web page,
            # and could say any origin it liked.
            return True
        parsed = origin_of(origin)
        if parsed is None:
            return False
        if parsed in self.allowed:
            return True
        scheme, name, port = parsed
        try:
            page = urlsplit(f"//{host}")
            page_port = page.port if page.port is not None else DEFAULT_PORTS[scheme]
        except ValueError:
            return False
        return (page.hostname or "").lower() == name and page_port == port
