"""The rules engine: replays records through a ruleset's clauses (see :mod:`.replay`)."""
