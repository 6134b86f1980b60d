"""Malefiz (Barricade, Ravensburger): the game in modules named as Mensch ärgere Dich nicht's.

- :mod:`.board`: the boards' geometry (fields, connections, houses, the goal, the forest);
- :mod:`.state`: positions, actions and options;
- :mod:`.notation`: the one-line notation both ways (:func:`~.notation.format_position`,
  :func:`~.notation.parse_position`, :func:`~.notation.parse_action`);
- :mod:`.rules`: :func:`~.rules.new_game`, :func:`~.rules.legal_actions`, :func:`~.rules.apply`,
  :func:`~.rules.route` and :func:`~.rules.effects` (what an action did);
- :mod:`.check`: whether a position can occur (:func:`~.check.check_position`);
- :mod:`.document`: the JSON position document and the command line's action JSON;
- :mod:`.words`: what the page says, in words a person follows on the board;
- :mod:`.view`: the board as SVG; :mod:`.odds` and :mod:`.bots`: the computer players;
- :mod:`.game`: its :class:`~malefiz.games.malefiz.game.Malefiz` object (``MALEFIZ``), the game's
  entry in :data:`malefiz.games.GAMES`, and its face (``MALEFIZ.face``): what the page needs beyond the rules.
"""
