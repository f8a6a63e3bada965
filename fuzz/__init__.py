"""The fuzzing campaign: valid records damaged in the ways people and programs damage them, fed
to the checker until something other than diagnostics comes out.

:mod:`fuzz.mutate` makes the inputs, :mod:`fuzz.oracle` says whether one fails and shrinks it,
and ``python -m fuzz`` runs a long campaign.  The test suite runs a bounded one on every run
(``tests/fuzz/test_fuzz.py``).
"""
