"""For puzzle authors: canonical forms (de-duplication) and minimality (which givens a puzzle needs)."""
