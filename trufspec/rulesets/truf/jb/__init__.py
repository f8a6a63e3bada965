"""truf-jb: Truf under JB Games' "Truf House Rule 1", 3 or 4 players, signed multi-card bids."""
