"""How hard the property tests try: one budget for the whole suite, chosen by the environment
variable ``TRUFSPEC_HYPOTHESIS``.

- ``light``, the default where the variable ``CI`` is not set: about a tenth of CI's examples,
  for the fast tier of a change in progress;
- ``ci``, the default where ``CI`` is set: the numbers CI runs, each property's own;
- ``long``: twenty times CI's, the long campaign run on demand and before a release
  (``TRUFSPEC_HYPOTHESIS=long python -m pytest tests/referee``).

``light`` and ``ci`` are Hypothesis's own CI profile (derandomized, no deadline, no example
database): the same examples at every run, those of ``light`` the first of CI's, so that a
tier fails only for a change.  ``long`` draws new examples at every run and keeps the failing
ones in the example database, to find what the others do not.

A property states CI's number of examples as ``max_examples=examples(n)``; a property with no
number of its own runs the profile's (Hypothesis's 100 in CI).
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

__all__ = ["NAME", "PROFILES", "examples"]

PROFILES = {"light": 0.1, "ci": 1.0, "long": 20.0}
"""Each profile's share of CI's examples."""

NAME = os.environ.get("TRUFSPEC_HYPOTHESIS") or ("ci" if os.environ.get("CI") else "light")
"""The profile this session runs."""

if NAME not in PROFILES:
    raise SystemExit(
        f"TRUFSPEC_HYPOTHESIS is {NAME!r}: it names one of the profiles {', '.join(PROFILES)}"
    )


def examples(ci: int) -> int:
    """The examples a property that CI runs ``ci`` times runs under this session's profile: at
    least two (one example tells little), never more than CI's in the light profile."""
    return max(min(ci, 2), round(ci * PROFILES[NAME]))


_CI = settings.get_profile("ci")
"""Hypothesis's own profile for CI, which it loads where it sees CI."""

if NAME == "long":
    settings.register_profile(
        NAME,
        max_examples=examples(100),
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
else:
    settings.register_profile(NAME, parent=_CI, max_examples=examples(100))
settings.load_profile(NAME)
