"""The check's output: the renderers that print what a check found
(:mod:`trufspec.validator.report`) as text, JSON, SARIF, GitHub annotations, score sheets,
standings and the rules text.  They never judge.  The HTML report of ``trufspec report``, which
draws the records themselves, is :mod:`trufspec.pictures`; the commands are ``trufspec.cli``."""
