"""Reports: what a check found, and the renderers that print it (they never judge)."""
