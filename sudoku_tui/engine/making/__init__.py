"""Making puzzles: complete grids, variant boards, the generator at a level, and practice puzzles for one technique."""
