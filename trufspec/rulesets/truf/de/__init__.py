"""truf-de: the German "TRUF Spielregeln", its clauses, its register and its replay."""
