"""The check's output: what a check found (:mod:`trufspec.output.model`) and the renderers that
print it as text, JSON, SARIF, GitHub annotations, score sheets, standings and the rules text.
They never judge.  The HTML report of ``trufspec report``, which draws the records themselves,
is :mod:`trufspec.pictures`; the commands are ``trufspec.cli``."""
