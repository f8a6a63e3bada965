"""Ruff and Honours: four players in two partnerships, a stock taken by the ruff, honours."""
