"""The rulesets as environments for game-AI research: OpenSpiel games and PettingZoo environments.

The package is split by job, each module small:

- :mod:`~trufspec.environments.encoding`: the fixed action ids, and the decisions that build
  a bid, claim or discard card by card;
- :mod:`~trufspec.environments.episode`: one game as the environments play it (the seed as
  the chance outcome, the end of an episode, the returns, the record it serializes to);
- :mod:`~trufspec.environments.observation`: the strings and tensors of a player, made from
  the referee's view of that player only;
- :mod:`~trufspec.environments.openspiel` and :mod:`~trufspec.environments.pettingzoo`: the
  two libraries' interfaces over an episode (``trufspec.openspiel`` and
  ``trufspec.pettingzoo`` are their short import names).

Nothing here states a rule: every legal action, refusal, score and view is the referee's.
"""
