"""The rulesets as PettingZoo environments: ``trufspec.pettingzoo.env("truf-de")``.

The short import name of :mod:`trufspec.environments.pettingzoo` (the extra ``pettingzoo``).
"""

from trufspec.environments.pettingzoo import TrufEnv, env

__all__ = ["TrufEnv", "env"]
