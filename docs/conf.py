"""Sphinx configuration of the trufspec rules reference.

Build it with ``sphinx-build -n -W docs docs/_build/html`` after ``pip install -e '.[docs]'``.
The rules pages are written from the clause registry by :mod:`trufspec.sphinxext`; nothing
here lists the rulesets.
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

import trufspec

project = "trufspec"
author = "the trufspec authors"
copyright = "the trufspec authors"
release = trufspec.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.doctest",
    "trufspec.sphinxext",
]

# One page per registered ruleset is written into rulesets/; an overview of the game in our
# words, when there is one, comes from overviews/<id>.rst.
rule_ruleset_pages = "rulesets"
rule_overviews = "overviews"
# Every clause shows the records of the test suite that obey and break it, on a page of its
# own in examples/, which keeps the page of a ruleset light enough for a phone.
rule_example_dirs = ["../records"]
rule_example_pages = "examples"
# This is the reference itself: everything it links to must be on one of its pages, never
# on the published copy.
rule_reference_url = ""

exclude_patterns = ["_build", "overviews"]
highlight_language = "none"

# Furo: navigation and search at the top of the page on a phone, a sidebar on a desktop, and
# wide blocks and tables that scroll instead of being cut.
html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["trufspec.css"]
html_title = f"trufspec {release}"

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": True}
# The docs extra alone builds the reference (the README's command): the game-AI libraries of the
# research environments, which autodoc would import, are stood in for when they are not
# installed, and documented as themselves when they are (the test extra has them all).
autodoc_mock_imports = [
    name for name in ("gymnasium", "pyspiel", "open_spiel", "pettingzoo") if find_spec(name) is None
]

# Types from the standard library and the dependencies are not documented here.
nitpick_ignore_regex = [
    ("py:class", r"(collections\.abc|typing|os|pathlib|enum|re|random|attr|attrs|lark|click)\..*"),
    ("py:class", r"(collections|types)\..*"),
    # The game-AI libraries' and numpy's types (docs/environments.rst).
    ("py:class", r"(numpy|gymnasium|pyspiel|pettingzoo)\..*"),
    # Type variables of the record model, and the packages of the games, which are internal.
    ("py:class", r"trufspec\.(records|batch)\.[A-Z]"),
    ("py:mod", r"trufspec\.(rulesets|engine)(\..*)?"),
    ("py:class", r"(trufspec\.engine\.\w+\.)?(TrickRules|Findings)"),
    # The types of the JSON documents are described by docs/json-output.rst and the schemas.
    ("py:class", r"trufspec\.output\.contract\..*"),
    ("py:class", r"(Counter|Iterable|Iterator|Mapping|Sequence|Callable|Any|PathLike|Path)"),
]

# The doctests read the sample records as a reader would, from the root of a checkout, whatever
# the folder the build runs in, and with whichever build of trufspec is installed.
CHECKOUT = str(Path(__file__).resolve().parent.parent)
doctest_global_setup = f"import trufspec\nCHECKOUT = {CHECKOUT!r}"
