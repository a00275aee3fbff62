"""Puzzle files in and out: reading bytes safely, the layouts and their
errors, variant collections, other programs' formats."""
