"""What a board is: its shape (cells, houses, peers), the variants, a puzzle
and its line, what its values rule out, and the difficulty levels."""
