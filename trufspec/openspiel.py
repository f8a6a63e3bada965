"""The rulesets as OpenSpiel games: after ``import trufspec.openspiel``, ``pyspiel.load_game("truf_jb")``.

The short import name of :mod:`trufspec.environments.openspiel` (the extra ``openspiel``),
which registers the games when imported.
"""

from trufspec.environments.openspiel import GAMES, Resampler, TrufGame, TrufState, parameters

__all__ = ["GAMES", "TrufGame", "TrufState", "Resampler", "parameters"]
