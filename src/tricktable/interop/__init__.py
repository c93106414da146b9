"""Adapters for research tools: OpenSpiel (``interop.openspiel``) and PettingZoo (``interop.pettingzoo``).

Both speak only the core protocol, through ``interop.adapt``: a game's package says what it must about itself
(``encoding``: every move's action id and a view as a vector; ``chance``: its deals as draws), and everything
else is generic.  The two tools are optional extras: ``pip install 'tricktable[openspiel]'`` or
``'tricktable[pettingzoo]'``.
"""
