"""``python -m trufspec``: the same command as the ``trufspec`` script, for environments where
the script is not on ``PATH`` (and for the tests, which must run the code they are given)."""

from trufspec.cli import main

main(prog_name="trufspec")
