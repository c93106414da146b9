"""The games' rules: one package each (``tricks_together/``, ``tandem_trick/``, ``secret_trumps/``, ``trumps/``).

A game is declared once, in ``tricktable.core.registry.GAMES``, which imports its package the first time the game
is asked for, so ``import tricktable`` stays cheap and a program that plays one game never loads the others.
``docs/protocol.md`` ("Adding a game") lists the files of a game package and their roles.
"""
