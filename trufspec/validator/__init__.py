"""The validator: what every record must be (:mod:`.wellformed`), each game judged by its ruleset
(:mod:`.judge`), and the report of what was found (:mod:`.report`).

It sits below everything that checks records on a user's behalf (:mod:`trufspec.api`, the
command line, the service, the language server) and below the referee, which checks a game it
is given or resumes as ``trufspec check`` would: so this package imports the rulesets and the
reader, and nothing that prints, serves or plays.
"""
