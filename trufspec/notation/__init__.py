"""The record notation: reading text into records (:mod:`.parse`) and printing them back
(:mod:`.printer`)."""
