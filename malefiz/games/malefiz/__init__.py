"""Malefiz (Barricade, Ravensburger): board, rules, notation, bots, view and session.

Its :class:`~malefiz.games.malefiz.game.Malefiz` object (``MALEFIZ``) is the game's entry in
:data:`malefiz.games.GAMES`.
"""
