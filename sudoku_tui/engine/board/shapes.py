"""Every board by its name: the classic squares, Samurai, and the variants' templates.

Apart from geometry.py because the variants' shapes are built on it.
"""

from __future__ import annotations

from .geometry import Shape, samurai, square
from .variants import variant_names, variant_template


def shape_for_size(size: int | str) -> Shape:
    """The shape for a name (``"9x9"``, ``"samurai"``), a side (4, 9, 16) or a box size word."""
    if isinstance(size, str):
        key = size.strip().lower()
        if key == "samurai":
            return samurai()
        if key in variant_names():
            return variant_template(key)
        if "x" in key:
            key = key.split("x", 1)[0]
        size = int(key)
    if size in (4, 9, 16, 25):
        return square({4: 2, 9: 3, 16: 4, 25: 5}[size])
    raise ValueError(f"no board of size {size}")
