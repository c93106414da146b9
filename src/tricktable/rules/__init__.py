"""The games: one package each, listed here one line a game.

``tricktable.core.registry`` reads ``GAMES`` and imports a game's package only when the game is first asked
for, so ``import tricktable`` stays cheap and a program that plays one game never loads the others.  To add a
game, copy a package's shape (``tricks_together/`` is the smallest), fill it in, and add its line here.
"""

#: Game name -> "module:Class" of its ``Game`` subclass.
GAMES: dict[str, str] = {
    "tricks-together": "tricktable.rules.tricks_together:TricksTogether",
    "tandem-trick": "tricktable.rules.tandem_trick:TandemTrick",
    "secret-trumps": "tricktable.rules.secret_trumps:SecretTrumps",
    "trumps": "tricktable.rules.trumps:Trumps",
}
