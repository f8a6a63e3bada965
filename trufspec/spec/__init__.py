"""The rules specification as data: sources, clauses, ambiguities and options.

A ruleset is specified by clauses that cite the text they come from, an ambiguity register
that records where that text is unclear and which reading is the default, and options that
select another reading.  This package holds the shapes of those values and the registry that
collects them; the catalogues of clauses themselves live with their rulesets
(``trufspec.rulesets``), except the record-level clauses shared by every game.

The package sits at the bottom of the import graph: nothing here imports the engine, the
notation or a ruleset at import time.
"""
