"""Every text a player reads, in English and German: a catalogue of keys with ``{placeholders}``.

Messages are built from the catalogue, never by joining words in code, so each
language can order its sentence its own way. :class:`Translator` renders a key
in one language; ``t.count("steps", 3)`` picks the singular or plural form.

>>> t = Translator("de")
>>> t("mf.pass", who="Anna (rot)", value=6)
'Anna (rot) hat eine 6 gewürfelt und kann nicht ziehen: der nächste ist dran'
>>> t.count("steps", 1), t.count("steps", 4)
('1 Feld', '4 Felder')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["CATALOGUE", "DEFAULT_LANGUAGE", "LANGUAGES", "Translator", "language_of"]

LANGUAGES: Final = ("en", "de")
DEFAULT_LANGUAGE: Final = "en"

EN: Final[dict[str, str]] = {
    # colours
    "colour.red": "red",
    "colour.green": "green",
    "colour.yellow": "yellow",
    "colour.blue": "blue",
    "colour.black": "black",
    "colour.purple": "purple",
    "Colour.red": "Red",
    "Colour.green": "Green",
    "Colour.yellow": "Yellow",
    "Colour.blue": "Blue",
    "Colour.black": "Black",
    "Colour.purple": "Purple",
    # the shared session
    "name.colours": "{name} ({colours})",
    "start.rolls": "Roll for start: {rolls}",
    "start.roll": "{who} {value}",
    "start.highest": "{who} rolled highest and starts",
    "rolled": "{who} rolled a {value}",
    "hint": "Hint: {words}. {odds}",
    "chances": "Chances: {list}",
    "took_back": "{who} took back a move",
    "thinking": "{who} is thinking…",
    "status": "{who}: {prompt}",
    "wins.one": "{who} wins!",
    "wins.other": "{who} win!",
    "joint": " and ",
    "place": "{place}. {who}",
    "steps.one": "{n} step",
    "steps.other": "{n} steps",
    "fields.one": "{n} field",
    "fields.other": "{n} fields",
    # Malefiz
    "mf.pass": "{who} rolled a {value} and cannot move: the turn passes",
    "mf.roll": "roll the die",
    "mf.roll_again": "roll again",
    "mf.place": "put the barricade on a free field",
    "mf.choose": "you rolled a {roll}, choose a pawn",
    "mf.choose_target": "you rolled a {roll}, choose where your pawn goes",
    "mf.goal": "the goal",
    "mf.start_field": "{colour}'s start field",
    "mf.below_goal": "the field below the goal",
    "mf.below_goal_n": "the {kind} {n} steps below the goal",
    "mf.kind.field": "field",
    "mf.kind.rest": "rest field",
    "mf.kind.village": "village field",
    "mf.on_row": "a {kind} on row {row}, {side}",
    "mf.between_rows": "a {kind} between rows {below} and {above}, {side}",
    "mf.left": "on the left",
    "mf.right": "on the right",
    "mf.middle": "in the middle",
    "mf.win": "{who} reaches the goal and wins!",
    "mf.move": "{who} moves a pawn {steps} to {where}",
    "mf.move_house": "{who} moves a pawn out of the house {steps} to {where}",
    "mf.move_forest": "{who} moves a pawn out of the forest {steps} to {where}",
    "mf.sends_own": " and sends its own pawn back to {place}",
    "mf.sends": " and sends {name}'s pawn back to {place}",
    "mf.to_house": "its house",
    "mf.to_forest": "the forest",
    "mf.takes": " and takes the barricade there",
    "mf.place_on": "{who} puts the barricade on {where}",
    "mf.place_front_own": "{who} puts the barricade in front of its own pawn ({ahead} of it)",
    "mf.place_front": "{who} puts the barricade in front of {name}'s pawn ({ahead} of it)",
    "mf.right_in_front": "right in front",
    "mf.n_ahead": "{steps} ahead",
    "mf.hint_house": "move a pawn out of the house to {where}",
    "mf.hint_forest": "move a pawn out of the forest to {where}",
    "mf.hint_move": "move the pawn on {start} to {where}",
    "mf.hint_place_on": "put the barricade on {where}",
    "mf.hint_place_own": "put the barricade {ahead} of your own pawn",
    "mf.hint_place": "put the barricade {ahead} of {colour}'s pawn",
    "mf.label_house": "{colour} pawn in the house",
    "mf.label_forest": "{colour} pawn in the forest",
    "mf.label_pawn": "{colour} pawn on {where}",
    "mf.label_place": "put the barricade here: {where}",
    "mf.label_move": "move here{extra}: {where}",
    "mf.label_capture_own": " and send your own pawn back",
    "mf.label_capture": " and send {colour}'s pawn back",
    "mf.label_take": " and take the barricade",
    # Mensch ärgere Dich nicht
    "md.pass": "{who} rolled a {value} and cannot move",
    "md.pass_six": "{who} rolled a 6 and cannot move: rolls again after the 6",
    "md.pass_try": "{who} rolled a {value} and cannot move: roll {n} of 3 next",
    "md.piece": "a piece",
    "md.piece_neutral": "the neutral {colour} piece",
    "md.piece_colour": "a {colour} piece",
    "md.enter": "{who} brings {piece} onto the start field with the 6",
    "md.back": "{who} moves {piece} {fields} back",
    "md.up": "{who} moves {piece} {fields} up in the goal",
    "md.into_goal": "{who} moves {piece} into the goal",
    "md.move": "{who} moves {piece} {fields}",
    "md.capture": " and captures {name}'s piece: it goes back to B",
    "md.penalty_start": ". Penalty: a capture was possible, so {name}'s piece on its start field goes back to B",
    "md.penalty": ". Penalty: a capture was possible, so {name}'s piece on {place} goes back to B",
    "md.home": ". All of {name}'s pieces are home",
    "md.home_neutral": ". All of the neutral colour's pieces are home",
    "md.again": "; rolls again",
    "md.try": "no 6 yet: roll again (try {n} of 3)",
    "md.six_again": "you rolled a 6: roll again",
    "md.roll_three": "roll the die (up to three tries for a 6)",
    "md.roll": "roll the die",
    "md.choose": "you rolled a {roll}, choose a piece",
    "md.choose_target": "you rolled a {roll}, choose where the piece goes",
    "md.hint_enter": "bring a piece in ({action})",
    "md.hint_move": "move {action}",
    "md.label_piece": "{colour} piece {where}",
    "md.label_neutral": "{colour} (neutral) piece {where}",
    "md.on_b": "waiting on B",
    "md.on_start": "on its start field",
    "md.along": "{fields} along",
    "md.in_goal": "in goal field {letter}",
    "md.label_move": "move here: {where}",
    "md.label_capture": "move here and capture {colour}'s piece: {where}",
    "md.to_start": "the start field",
    "md.to_goal": "goal field {letter}",
    "md.n_back": "{fields} back",
    "md.n_ahead": "{fields} ahead",
}

DE: Final[dict[str, str]] = {
    "colour.red": "rot",
    "colour.green": "grün",
    "colour.yellow": "gelb",
    "colour.blue": "blau",
    "colour.black": "schwarz",
    "colour.purple": "lila",
    "Colour.red": "Rot",
    "Colour.green": "Grün",
    "Colour.yellow": "Gelb",
    "Colour.blue": "Blau",
    "Colour.black": "Schwarz",
    "Colour.purple": "Lila",
    "name.colours": "{name} ({colours})",
    "start.rolls": "Auswürfeln: {rolls}",
    "start.roll": "{who} {value}",
    "start.highest": "{who} hat die höchste Zahl und beginnt",
    "rolled": "{who} hat eine {value} gewürfelt",
    "hint": "Tipp: {words}. {odds}",
    "chances": "Gewinnchancen: {list}",
    "took_back": "{who} hat einen Zug zurückgenommen",
    "thinking": "{who} überlegt…",
    "status": "{who}: {prompt}",
    "wins.one": "{who} gewinnt!",
    "wins.other": "{who} gewinnen!",
    "joint": " und ",
    "place": "{place}. {who}",
    "steps.one": "{n} Feld",
    "steps.other": "{n} Felder",
    "fields.one": "{n} Feld",
    "fields.other": "{n} Felder",
    "mf.pass": "{who} hat eine {value} gewürfelt und kann nicht ziehen: der nächste ist dran",
    "mf.roll": "würfeln",
    "mf.roll_again": "noch einmal würfeln",
    "mf.place": "den Sperrstein auf ein freies Feld setzen",
    "mf.choose": "du hast eine {roll} gewürfelt, wähle eine Figur",
    "mf.choose_target": "du hast eine {roll} gewürfelt, wähle das Zielfeld",
    "mf.goal": "das Ziel",
    "mf.start_field": "das Startfeld von {colour}",
    "mf.below_goal": "das Feld unter dem Ziel",
    "mf.below_goal_n": "das {kind} {n} Felder unter dem Ziel",
    "mf.kind.field": "Feld",
    "mf.kind.rest": "Rastfeld",
    "mf.kind.village": "Dorffeld",
    "mf.on_row": "ein {kind} in Reihe {row}, {side}",
    "mf.between_rows": "ein {kind} zwischen Reihe {below} und {above}, {side}",
    "mf.left": "links",
    "mf.right": "rechts",
    "mf.middle": "in der Mitte",
    "mf.win": "{who} erreicht das Ziel und gewinnt!",
    "mf.move": "{who} zieht eine Figur {steps} weit auf {where}",
    "mf.move_house": "{who} zieht eine Figur aus dem Haus {steps} weit auf {where}",
    "mf.move_forest": "{who} zieht eine Figur aus dem Wald {steps} weit auf {where}",
    "mf.sends_own": " und schickt die eigene Figur zurück in {place}",
    "mf.sends": " und schlägt {name}: die Figur muss zurück in {place}",
    "mf.to_house": "ihr Haus",
    "mf.to_forest": "den Wald",
    "mf.takes": " und nimmt dort den Sperrstein",
    "mf.place_on": "{who} setzt den Sperrstein auf {where}",
    "mf.place_front_own": "{who} setzt den Sperrstein vor die eigene Figur ({ahead})",
    "mf.place_front": "{who} setzt den Sperrstein vor die Figur von {name} ({ahead})",
    "mf.right_in_front": "direkt davor",
    "mf.n_ahead": "{steps} davor",
    "mf.hint_house": "eine Figur aus dem Haus auf {where} ziehen",
    "mf.hint_forest": "eine Figur aus dem Wald auf {where} ziehen",
    "mf.hint_move": "die Figur auf {start} nach {where} ziehen",
    "mf.hint_place_on": "den Sperrstein auf {where} setzen",
    "mf.hint_place_own": "den Sperrstein vor die eigene Figur setzen ({ahead})",
    "mf.hint_place": "den Sperrstein vor die Figur von {colour} setzen ({ahead})",
    "mf.label_house": "Figur von {colour} im Haus",
    "mf.label_forest": "Figur von {colour} im Wald",
    "mf.label_pawn": "Figur von {colour} auf {where}",
    "mf.label_place": "Sperrstein hierher setzen: {where}",
    "mf.label_move": "hierher ziehen{extra}: {where}",
    "mf.label_capture_own": " und die eigene Figur zurückschicken",
    "mf.label_capture": " und {colour} schlagen",
    "mf.label_take": " und den Sperrstein nehmen",
    "md.pass": "{who} hat eine {value} gewürfelt und kann nicht ziehen",
    "md.pass_six": "{who} hat eine 6 gewürfelt und kann nicht ziehen: nach der 6 noch einmal würfeln",
    "md.pass_try": "{who} hat eine {value} gewürfelt und kann nicht ziehen: Versuch {n} von 3 folgt",
    "md.piece": "eine Figur",
    "md.piece_neutral": "die neutrale Figur ({colour})",
    "md.piece_colour": "eine Figur von {colour}",
    "md.enter": "{who} setzt mit der 6 {piece} auf das Startfeld",
    "md.back": "{who} zieht {piece} {fields} zurück",
    "md.up": "{who} rückt {piece} im Ziel {fields} vor",
    "md.into_goal": "{who} zieht {piece} ins Ziel",
    "md.move": "{who} zieht {piece} {fields} weit",
    "md.capture": " und schlägt {name}: die Figur geht zurück auf B",
    "md.penalty_start": ". Schlagzwang verletzt: die Figur von {name} auf dem Startfeld muss zurück auf B",
    "md.penalty": ". Schlagzwang verletzt: die Figur von {name} auf {place} muss zurück auf B",
    "md.home": ". Alle Figuren von {name} sind im Ziel",
    "md.home_neutral": ". Alle Figuren der neutralen Farbe sind im Ziel",
    "md.again": "; würfelt noch einmal",
    "md.try": "noch keine 6: noch einmal würfeln (Versuch {n} von 3)",
    "md.six_again": "du hast eine 6 gewürfelt: noch einmal würfeln",
    "md.roll_three": "würfeln (bis zu drei Versuche für eine 6)",
    "md.roll": "würfeln",
    "md.choose": "du hast eine {roll} gewürfelt, wähle eine Figur",
    "md.choose_target": "du hast eine {roll} gewürfelt, wähle das Zielfeld",
    "md.hint_enter": "eine Figur herausbringen ({action})",
    "md.hint_move": "{action} ziehen",
    "md.label_piece": "Figur von {colour} {where}",
    "md.label_neutral": "neutrale Figur ({colour}) {where}",
    "md.on_b": "auf B",
    "md.on_start": "auf ihrem Startfeld",
    "md.along": "{fields} weit gelaufen",
    "md.in_goal": "im Zielfeld {letter}",
    "md.label_move": "hierher ziehen: {where}",
    "md.label_capture": "hierher ziehen und {colour} schlagen: {where}",
    "md.to_start": "das Startfeld",
    "md.to_goal": "Zielfeld {letter}",
    "md.n_back": "{fields} zurück",
    "md.n_ahead": "{fields} vor",
}

CATALOGUE: Final[Mapping[str, Mapping[str, str]]] = {"en": EN, "de": DE}
"""Every key in every language (a test holds the key sets and their placeholders equal)."""


def language_of(preferences: str) -> str:
    """The first supported language in a browser's preference list (``"de-AT,en;q=0.8"``), else English."""
    for part in preferences.split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


class Translator:
    """Renders catalogue keys in one language."""

    def __init__(self, language: str = DEFAULT_LANGUAGE) -> None:
        self.language = language if language in CATALOGUE else DEFAULT_LANGUAGE
        self._texts = CATALOGUE[self.language]

    def __call__(self, key: str, **values: object) -> str:
        """The text of ``key`` with its placeholders filled in (an unknown key shows itself)."""
        template = self._texts.get(key, EN.get(key, key))
        return template.format(**values) if values else template

    def count(self, key: str, n: int) -> str:
        """``key.one`` or ``key.other`` for ``n``: ``1 step``, ``4 steps``."""
        return self(f"{key}.{'one' if n == 1 else 'other'}", n=n)

    def colour(self, colour: str, capital: bool = False) -> str:
        """A colour's name in this language (``rot``; ``Rot`` with ``capital``)."""
        return self(f"{'Colour' if capital else 'colour'}.{colour}")
