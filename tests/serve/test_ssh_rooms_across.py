"""One room across two serving hosts (docs/serving.md, "Rooms"; docs/rooms.md): two ``serve ssh``
processes, each in its own folder, on one real PostgreSQL store; a player on each host, a real
SSH client and terminal (pyte) each. The room is made on the first host and joined by its
code on the second; a value typed on either board shows on the other."""

from __future__ import annotations

from pathlib import Path

from tests.game.store_backends import postgresql_socket, postgresql_url
from tests.serve.needs import need
from tests.serve.ssh_helpers import ServerProcess, make_key
from tests.serve.test_ssh_rooms import (
    bundled_puzzle,
    create_room,
    enter_room,
    go_to,
    open_bundled,
    playing,
    quit_all,
    shows,
)

__all__ = ["postgresql_socket", "postgresql_url"]  # the fixtures, used by name


async def test_players_on_two_hosts_play_one_room(tmp_path: Path, postgresql_url: str) -> None:
    need("asyncssh")
    first = ServerProcess(tmp_path / "a", "--store", postgresql_url)
    try:
        second = ServerProcess(tmp_path / "b", "--store", postgresql_url)
        try:
            ann = await playing(first, make_key(tmp_path, "ann"))
            bob = await playing(second, make_key(tmp_path, "bob"))
            code = await create_room(ann, "coop")
            await open_bundled(ann)
            await enter_room(bob, code)
            givens = list(bundled_puzzle().givens)
            for screen in (ann, bob):
                await shows(screen, lambda values: values == givens)
                await screen.wait_for("bob")  # both players listed on both hosts' screens
                await screen.wait_for("ann")
            empty = [cell for cell, value in enumerate(givens) if not value]
            expected = list(givens)
            for screen, cell, value in ((bob, empty[0], 3), (ann, empty[1], 2)):
                await screen.press(*go_to(cell), str(value))
                expected[cell] = value
                for each in (ann, bob):
                    await shows(each, lambda values, want=list(expected): values == want)
            await quit_all(ann, bob)
        finally:
            second.stop()
    finally:
        first.stop()
    assert "rooms shared with the other hosts on the store" in first.log()
