"""Sphinx configuration of the trufspec rules reference.

Build it with ``sphinx-build -n -W docs docs/_build/html`` after ``pip install -e '.[docs]'``.
The rules pages are written from the clause registry by :mod:`trufspec.sphinxext`; nothing
here lists the rulesets.
"""

from __future__ import annotations

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
# Every clause shows the records of the test suite that obey and break it.
rule_example_dirs = ["../records"]

exclude_patterns = ["_build", "overviews"]
highlight_language = "none"

html_theme = "alabaster"
html_static_path = ["_static"]
html_css_files = ["trufspec.css"]
html_title = f"trufspec {release}"
html_theme_options = {
    "description": "Rules of Truf and its relatives, and the validator that enforces them",
    "fixed_sidebar": False,
    "page_width": "1100px",
    "sidebar_width": "250px",
    "show_relbars": True,
}
html_sidebars = {"**": ["about.html", "searchbox.html", "navigation.html", "relations.html"]}

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": True}

# Types from the standard library and the dependencies are not documented here.
nitpick_ignore_regex = [
    ("py:class", r"(collections\.abc|typing|os|pathlib|enum|re|random|attr|attrs|lark|click)\..*"),
    ("py:class", r"(collections|types)\..*"),
    # Type variables of the record model, and the packages of the games, which are internal.
    ("py:class", r"trufspec\.(records|batch)\.[A-Z]"),
    ("py:mod", r"trufspec\.(rulesets|engine)(\..*)?"),
    ("py:class", r"(trufspec\.engine\.\w+\.)?(TrickRules|Findings)"),
    ("py:class", r"(Counter|Iterable|Iterator|Mapping|Sequence|Callable|Any|PathLike|Path)"),
]

doctest_global_setup = "import trufspec"
