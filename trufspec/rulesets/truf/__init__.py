"""The Truf family: one package per rule text (truf-jb, truf-basics, truf-de)."""
