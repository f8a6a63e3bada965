"""``trufspec lsp``: a Language Server Protocol server for records, on pygls.

An editor that speaks the protocol (Neovim, Helix, VS Code, ...) gets the validator's findings
as a record is typed, the clause behind a finding on hover, completion of tags, options, names
and the cards a player may play, formatting by the canonical printer, quick fixes, an outline
and semantic highlighting.  It needs the ``lsp`` extra: ``pip install 'trufspec[lsp]'``.
"""
