"""The rulesets: one package per game; the registry arrives with the rules engine."""
