"""Tromplemond: the bluffing game of claims and votes over a 26-card pack."""
