"""The words of the rules pages, in English and German, as HTML fragments.

The rules follow the printed texts (Ravensburger's *Malefiz* and *Das schnelle Malefiz*,
Schmidt Spiele's *Mensch ärgere Dich nicht* with its *Spielvarianten*) as this project
reads them (the docstrings of :mod:`malefiz.games.malefiz.rules` and
:mod:`malefiz.games.maedn.rules`). Each page is a list of :class:`Section`; every rule
option the setup screen offers has an :class:`Option` entry, in both languages.
Fragments are trusted HTML (written here, never from input).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final, NamedTuple

__all__ = ["LANGUAGES", "TEXTS", "WORDS", "Figure", "Option", "Page", "Section"]

LANGUAGES: Final = ("en", "de")


class Figure(NamedTuple):
    """A picture (its name in :data:`malefiz.help.pictures.PICTURES`) and its caption (plain text)."""

    picture: str
    caption: str


class Section(NamedTuple):
    """A heading, its text (HTML) and its pictures."""

    id: str
    heading: str
    body: str
    figures: tuple[Figure, ...] = ()


class Option(NamedTuple):
    """A rule option or seat form: its label and what it does (HTML).

    The page shows the setup screen's own label (:func:`malefiz.help.option_label`, from
    :mod:`malefiz.i18n`) and falls back to ``label`` where the catalogue has none.
    """

    label: str
    text: str
    figures: tuple[Figure, ...] = ()


class Page(NamedTuple):
    """One game's rules in one language."""

    title: str
    intro: str
    sections: tuple[Section, ...]
    options_heading: str
    options_intro: str
    options: Mapping[str, Option]
    site: Section
    """How the rules are played on this site (the last section); ``{hint}``, ``{undo}``, ``{review}`` and
    ``{players}`` in its body become the game page's button names."""


class Words(NamedTuple):
    """The pages' own words in one language."""

    rules: str
    """"Rules" as in the page title ("Malefiz: rules")."""
    back: str
    other_language: str
    other_language_name: str
    other_game: str
    contents: str
    option_name: str
    keyboard: Section
    """Playing by keyboard (the same keys in both games: :data:`malefiz.app.KEYS`)."""
    touch: Section
    """Playing on a phone or tablet: tapping, the zoom, and the menu's entries for it (``{menu}``, ``{shake}``,
    ``{full}``, ``{install}``, ``{whole}`` become the game page's words)."""
    together: Section
    """Playing with friends on their own devices, in a few steps (``{remote}``, ``{start}``, ``{join}``,
    ``{connect}``, ``{invite_menu}``, ``{watch}``, ``{across}``, ``{undo}`` become the game page's words)."""


WORDS: Final[Mapping[str, Words]] = {
    "en": Words(
        rules="Rules",
        back="Back to the game",
        other_language="Diese Seite auf Deutsch",
        other_language_name="Deutsch",
        other_game="Rules of {game}",
        contents="Contents",
        option_name="name in the address and the engine",
        keyboard=Section(
            "keyboard",
            "Playing with the keyboard",
            "<p><kbd>R</kbd> rolls the die and <kbd>H</kbd> shows the hint (<kbd>W</kbd> and <kbd>T</kbd>, the"
            " German page's letters, do the same). After a roll the focus is on a piece that can move: the arrow"
            " keys go to the nearest piece or field in their direction, <kbd>Enter</kbd> or <kbd>Space</kbd>"
            " chooses it, <kbd>Esc</kbd> lets go of a chosen piece. <kbd>Ctrl</kbd>+<kbd>Z</kbd>"
            " (<kbd>Cmd</kbd>+<kbd>Z</kbd> on a Mac) takes a move back, <kbd>Ctrl</kbd>+<kbd>Y</kbd> or"
            " <kbd>Ctrl</kbd>+<kbd>Shift</kbd>+<kbd>Z</kbd> plays it again. In the move list the up and down arrows go"
            " from line to line, <kbd>Enter</kbd> shows the position after that line and <kbd>Esc</kbd> brings"
            " back the game. <kbd>Tab</kbd> reaches every button; the board and the move list are one stop each,"
            " inside them the arrows move.</p>",
        ),
        touch=Section(
            "touch",
            "Playing on a phone or tablet",
            "<p>Tap the die to roll, then a piece and where it goes. Where the places to choose from stand close"
            " together, the board zooms in on them (two fingers zoom it too; <i>{whole}</i> shows all of it again)."
            " Under <i>{menu}</i>: <i>{shake}</i> lets a shake of the phone roll the die (once a shake; a phone"
            " picked up rolls nothing), <i>{full}</i> gives the game the whole screen, and <i>{install}</i>, where"
            " the browser offers it, puts the game on the home screen, to play without a network too. While a game"
            " goes on the screen stays on.</p>",
        ),
        together=Section(
            "devices",
            "Playing with friends on their own devices",
            "<p>On the <i>New game</i> screen choose <i>{remote}</i> for a friend's seat and press <i>{start}</i>."
            " The page shows an invitation: send the link (by message or mail) or let the friend scan its QR code."
            " The friend opens it, types a name and presses <i>{join}</i>; their page shows a reply to send back."
            " Paste the reply and press <i>{connect}</i>: each plays their own colours on their own device, and"
            " every device shows every move. No server is needed; on the same Wi-Fi the devices find each other,"
            " and for friends elsewhere <i>{across}</i> connects them. Where no connection can be made, or for"
            " friends apart in time, the game goes on by links: the page gives the next player a link that holds"
            " the whole game. A game already going on can be shared too (<i>{invite_menu}</i>, below the move"
            " list), and <i>{watch}</i> lets anyone follow it. A move made by mistake is taken back with"
            " <i>{undo}</i> on the device that made it, until the next person rolls; the roll stays, and the next"
            " roll comes from new secrets. No device can choose or foresee its rolls: each roll needs a secret of"
            " more than one device, revealed only when it is due, and every device checks every roll.</p>",
        ),
    ),
    "de": Words(
        rules="Spielregeln",
        back="Zurück zum Spiel",
        other_language="This page in English",
        other_language_name="English",
        other_game="Spielregeln von {game}",
        contents="Inhalt",
        option_name="Name in der Adresse und im Programm",
        keyboard=Section(
            "tastatur",
            "Spielen mit der Tastatur",
            "<p><kbd>W</kbd> würfelt und <kbd>T</kbd> zeigt den Tipp (<kbd>R</kbd> und <kbd>H</kbd>, die"
            " Buchstaben der englischen Seite, tun dasselbe). Nach dem Wurf steht der Fokus auf einer Figur, die"
            " ziehen kann: die Pfeiltasten gehen zur nächsten Figur oder zum nächsten Feld in ihrer Richtung,"
            " <kbd>Eingabe</kbd> oder die <kbd>Leertaste</kbd> wählt es, <kbd>Esc</kbd> lässt eine gewählte"
            " Figur wieder los. <kbd>Strg</kbd>+<kbd>Z</kbd> (auf dem Mac <kbd>Cmd</kbd>+<kbd>Z</kbd>) nimmt einen"
            " Zug zurück, <kbd>Strg</kbd>+<kbd>Y</kbd> oder <kbd>Strg</kbd>+<kbd>Umschalt</kbd>+<kbd>Z</kbd> spielt"
            " ihn wieder. In der Zugliste gehen die Pfeiltasten nach oben und unten von Zeile zu Zeile,"
            " <kbd>Eingabe</kbd> zeigt die Stellung nach dieser Zeile und <kbd>Esc</kbd> führt zurück zum"
            " Spiel. Mit <kbd>Tab</kbd> ist jeder Knopf zu erreichen; das Spielbrett und die Zugliste sind je ein"
            " Halt, in ihnen bewegen die Pfeiltasten.</p>",
        ),
        touch=Section(
            "handy",
            "Spielen auf Handy oder Tablet",
            "<p>Auf den Würfel tippen, um zu würfeln, dann auf eine Figur und auf ihr Ziel. Wo die Felder zur Wahl"
            " eng beieinander stehen, zoomt das Spielbrett heran (mit zwei Fingern geht es auch; <i>{whole}</i>"
            " zeigt wieder alles). Unter <i>{menu}</i>: <i>{shake}</i> lässt ein Schütteln des Handys würfeln"
            " (einmal je Schütteln; ein aufgenommenes Handy würfelt nicht), <i>{full}</i> gibt dem Spiel den ganzen"
            " Bildschirm, und <i>{install}</i> legt das Spiel, wo der Browser es anbietet, auf den Startbildschirm,"
            " auch ohne Netz spielbar. Solange ein Spiel läuft, bleibt der Bildschirm an.</p>",
        ),
        together=Section(
            "geraete",
            "Mit Freunden an ihren eigenen Geräten spielen",
            "<p>Unter <i>Neues Spiel</i> beim Platz eines Freundes <i>{remote}</i> wählen und <i>{start}</i>"
            " drücken. Die Seite zeigt eine Einladung: den Link verschicken (per Nachricht oder Mail) oder den"
            " QR-Code scannen lassen. Der Freund öffnet ihn, gibt einen Namen ein und drückt <i>{join}</i>; seine"
            " Seite zeigt eine Antwort, die er zurückschickt. Die Antwort einfügen und <i>{connect}</i> drücken:"
            " Jeder spielt seine Farben an seinem Gerät, und jedes Gerät zeigt jeden Zug. Ein Server ist nicht"
            " nötig; im selben WLAN finden sich die Geräte selbst, für Freunde anderswo verbindet sie"
            " <i>{across}</i>. Kommt keine Verbindung zustande, oder spielen Freunde zu verschiedenen Zeiten, geht"
            " das Spiel per Link weiter: Die Seite gibt dem nächsten Spieler einen Link mit der ganzen Partie. Auch"
            " ein laufendes Spiel lässt sich teilen (<i>{invite_menu}</i> unter der Zugliste), und mit"
            " <i>{watch}</i> kann jeder zuschauen. Ein versehentlicher Zug wird mit <i>{undo}</i> an dem Gerät"
            " zurückgenommen, an dem er gemacht wurde, bis der nächste Mensch würfelt; der Wurf bleibt, und der"
            " nächste Wurf kommt aus neuen Geheimnissen. Kein Gerät kann seine Würfe wählen oder vorher kennen:"
            " Jeder Wurf braucht ein Geheimnis von mehr als einem Gerät, das erst verraten wird, wenn er dran ist,"
            " und jedes Gerät prüft jeden Wurf.</p>",
        ),
    ),
}

_MALEFIZ_EN: Final = Page(
    title="Malefiz",
    intro=(
        "<p>Malefiz (Ravensburger, 1960; in English also <i>Barricade</i>) is a race for 2 to 4 players."
        " Everyone tries to bring one pawn to the goal at the top of the board, and everyone may put the"
        " white barricades in the others' way. The board has two sides: the <b>classic</b> board and the"
        " smaller <b>fast</b> board (<i>Das schnelle Malefiz</i>).</p>"
    ),
    sections=(
        Section(
            "goal",
            "How to win",
            "<p>The first player to bring <b>one</b> pawn onto the goal (the star at the top) with an"
            " <b>exact</b> roll wins at once.</p>",
        ),
        Section(
            "setup",
            "The board and the pieces",
            "<p>The colours are red, green, yellow and blue, with their houses at the bottom from left to"
            " right. On the classic board each player has <b>5 pawns</b> in the house, and <b>11 barricades</b>"
            " stand on the red-ringed fields. The <i>New game</i> screen sets the order of play (who starts, see"
            " the options below); a <i>Rematch</i> is started by the next player in that order.</p>",
            (Figure("malefiz-board", "The classic board: red and yellow play; the white squares are barricades."),),
        ),
        Section(
            "turn",
            "A turn",
            "<ol><li>Roll the die.</li>"
            "<li>Move <b>one</b> pawn exactly that many steps. No step may be left out. A pawn leaves its"
            " house onto the field just above it, which counts as step 1.</li>"
            "<li>If no pawn can use the roll, the turn passes (the game says so).</li></ol>"
            "<p>A 6 gives no extra roll (unless the option <i>Roll again after a 6</i> is on).</p>",
        ),
        Section(
            "moving",
            "Moving",
            "<p>A pawn moves along the lines in <b>any direction</b>, up, down or sideways, and may turn within"
            " a move, but it never visits the same field twice in one move (so it never steps straight back)."
            " Pawns of any colour may be jumped over, and the jumped fields count. <b>Barricades may not be"
            " jumped.</b></p>",
            (
                Figure(
                    "malefiz-move",
                    "Red rolled a 5: the pawn may go to any green field; the orange way turns twice.",
                ),
            ),
        ),
        Section(
            "capture",
            "Capturing",
            "<p>A pawn that ends its move on a field with another pawn <b>captures</b> it: the captured pawn"
            " goes back to its house and must start again. Under the printed rules this is true of your own"
            " pawns too (the option <i>No landing on your own pawns</i> forbids it).</p>",
            (Figure("malefiz-capture", "Red rolled a 4 and lands on yellow's pawn: it goes back to its house."),),
        ),
        Section(
            "barricades",
            "Barricades",
            "<p>To get a barricade out of the way, a pawn must land on it with an <b>exact</b> roll. The player"
            " takes the barricade and must at once put it on any free field: one with no pawn and no"
            " barricade, except the <b>bottom row</b> and the goal. The turn ends only when the barricade is"
            " down. Put it where it hinders the others most, or behind your own leading pawn to protect it.</p>",
            (
                Figure("malefiz-take", "Red rolled a 2: the pawn walks onto the barricade and takes it."),
                Figure(
                    "malefiz-put",
                    "Red puts the barricade down on the field marked pink, right in front of yellow's pawn.",
                ),
            ),
        ),
        Section(
            "finish",
            "Reaching the goal",
            "<p>The goal must be reached with the exact number of steps; a pawn cannot pass it. The pawn that"
            " gets there wins the game at once.</p>",
            (Figure("malefiz-goal", "Red rolled a 4: 3 steps to the right and one up reach the goal."),),
        ),
        Section(
            "fast",
            "The fast board (Das schnelle Malefiz)",
            "<p>The back of the board is played by the same rules, except:</p>"
            "<ul><li>each player has <b>4 pawns</b>, and there are <b>6 barricades</b>;</li>"
            "<li>the <b>rest fields</b> (a ring with a dot; blue on the printed board) are safe: a pawn there cannot be"
            " captured, only one pawn may stand"
            " on a rest field, and no barricade may be put there;</li>"
            "<li>a pawn captured in the <b>village</b> (the yellow area at the top) does not go home: it goes to"
            " the <b>forest</b> (the green oval in the middle) and starts again from there. From the forest the"
            " field just above it is step 1. The forest holds any number of pawns; it is no field to move to,"
            " and no barricade goes there;</li>"
            "<li>this board has short loops, so the rule that a move never visits a field twice matters.</li></ul>",
            (
                Figure(
                    "fast-board",
                    "The fast board: the village (yellow), the forest (green), the rest fields (a ring with a dot)"
                    " and the key.",
                ),
                Figure("fast-rest", "Red rolled a 3, but yellow's pawn on the rest field is safe."),
                Figure(
                    "fast-village",
                    "Yellow captured red's pawn in the village: it goes to the forest, not to the house.",
                ),
                Figure("fast-forest", "From the forest, red's pawn starts again: a 3 reaches the green fields."),
            ),
        ),
    ),
    options_heading="Rule options",
    options_intro=(
        "<p>The <i>New game</i> screen offers these house rules; each is off unless you tick it (then the game"
        " follows the printed rules).</p>"
    ),
    options={
        "extra_roll_on_six": Option(
            "Roll again after a 6",
            "<p>A player who rolled a 6 rolls once more after the move (a common house rule; the printed"
            " rules say a 6 gives no extra roll).</p>",
        ),
        "roll_for_start": Option(
            "Roll for start",
            "<p>Instead of the order of the seats, the highest roll starts; players who tie roll again. Set"
            " it with <i>Who starts</i> on the <i>New game</i> screen.</p>",
        ),
        "protect_own_pawns": Option(
            "No landing on your own pawns",
            "<p>A pawn may not end its move on a pawn of its own colour, so you can never capture yourself.</p>",
        ),
        "protect_two_rows": Option(
            "Keep barricades off the bottom two rows",
            "<p>A taken barricade may be put neither on the bottom row nor on the row above it.</p>",
        ),
    },
    site=Section(
        "site",
        "Playing on this site",
        "<p>Press the die to roll. The pawns that can move are marked; click a pawn to see where it can go"
        " (green), then click a green field. After taking a barricade, click the free field where it"
        " should go. <i>{hint}</i> shows the best three moves with your chance to win after each, <i>{undo}</i>"
        " takes back the last move a person made (its tooltip says whose), <i>{review}</i> draws everyone's"
        " chance to win turn by turn and marks the"
        " moves that cost you 5 points or more: click one to see the better move beside it. <i>{players}</i>, under"
        " the game, hands a colour to the computer during the game or lets a person take one over.</p>",
    ),
)

_MALEFIZ_DE: Final = Page(
    title="Malefiz",
    intro=(
        "<p>Malefiz (Ravensburger, 1960) ist ein Wettrennen für 2 bis 4 Spieler. Jeder versucht, eine"
        " Figur ins Ziel oben auf dem Spielplan zu bringen, und jeder darf den anderen die weißen"
        " Sperrsteine in den Weg legen. Der Spielplan hat zwei Seiten: das <b>Original</b> und das"
        " kleinere <b>schnelle Malefiz</b>.</p>"
    ),
    sections=(
        Section(
            "goal",
            "Ziel des Spiels",
            "<p>Wer als Erster <b>eine</b> seiner Figuren mit <b>genauem</b> Wurf ins Ziel (den Stern oben)"
            " bringt, gewinnt sofort.</p>",
        ),
        Section(
            "setup",
            "Spielplan und Figuren",
            "<p>Die Farben sind Rot, Grün, Gelb und Blau, ihre Häuser stehen unten von links nach rechts. Auf"
            " dem Original hat jeder <b>5 Figuren</b> im Haus, und <b>11 Sperrsteine</b> stehen auf den rot"
            " umrandeten Feldern. Die Reihenfolge legt man unter <i>Neues Spiel</i> fest (wer beginnt: siehe die"
            " Regeloptionen unten); eine <i>Revanche</i> beginnt der Nächste in dieser Reihenfolge.</p>",
            (
                Figure(
                    "malefiz-board",
                    "Der Original-Spielplan: Rot und Gelb spielen; die weißen Quadrate sind Sperrsteine.",
                ),
            ),
        ),
        Section(
            "turn",
            "Ein Zug",
            "<ol><li>Würfeln.</li>"
            "<li>Mit <b>einer</b> Figur genau so viele Schritte ziehen. Kein Würfelpunkt darf verfallen. Das Feld"
            " direkt über dem Haus ist Feld 1.</li>"
            "<li>Kann keine Figur ziehen, ist der Nächste dran (das Spiel sagt es an).</li></ol>"
            "<p>Eine 6 gibt keinen weiteren Wurf (außer mit der Option <i>Nach einer 6 noch einmal"
            " würfeln</i>).</p>",
        ),
        Section(
            "moving",
            "Ziehen",
            "<p>Eine Figur zieht entlang der Linien in <b>jede Richtung</b>, nach oben, unten oder zur Seite,"
            " und darf innerhalb eines Zuges abbiegen, aber sie betritt in einem Zug kein Feld zweimal (sie"
            " zieht also nie vor und wieder zurück). Figuren jeder Farbe dürfen übersprungen werden, die"
            " übersprungenen Felder zählen mit. <b>Sperrsteine dürfen nicht übersprungen werden.</b></p>",
            (
                Figure(
                    "malefiz-move",
                    "Rot hat eine 5 gewürfelt: die Figur kann auf jedes grüne Feld; der orange Weg biegt zweimal ab.",
                ),
            ),
        ),
        Section(
            "capture",
            "Schlagen",
            "<p>Endet ein Zug auf einem Feld mit einer anderen Figur, wird diese <b>geschlagen</b>: sie kommt"
            " zurück in ihr Haus und muss neu starten. Nach der gedruckten Regel gilt das auch für eigene"
            " Figuren (die Option <i>Eigene Figuren nicht schlagen</i> verbietet es).</p>",
            (
                Figure(
                    "malefiz-capture", "Rot hat eine 4 gewürfelt und trifft die gelbe Figur: sie muss zurück ins Haus."
                ),
            ),
        ),
        Section(
            "barricades",
            "Sperrsteine",
            "<p>Um einen Sperrstein aus dem Weg zu räumen, muss eine Figur mit <b>genauem</b> Wurf auf sein"
            " Feld ziehen. Der Spieler nimmt den Sperrstein und setzt ihn sofort auf ein beliebiges freies"
            " Feld (ohne Figur und ohne Sperrstein), nur nicht in die <b>unterste Reihe</b> und nicht ins Ziel."
            " Erst dann ist der Zug zu Ende. Man setzt ihn dorthin, wo er die anderen am meisten aufhält, oder"
            " hinter die eigene vorderste Figur, um sie zu schützen.</p>",
            (
                Figure("malefiz-take", "Rot hat eine 2 gewürfelt: die Figur zieht auf den Sperrstein und nimmt ihn."),
                Figure(
                    "malefiz-put",
                    "Rot setzt den Sperrstein auf das rosa markierte Feld, direkt vor die gelbe Figur.",
                ),
            ),
        ),
        Section(
            "finish",
            "Ins Ziel",
            "<p>Das Ziel muss mit genau passender Schrittzahl erreicht werden; man kann nicht darüber hinaus"
            " ziehen. Die Figur, die es erreicht, gewinnt sofort.</p>",
            (Figure("malefiz-goal", "Rot hat eine 4 gewürfelt: 3 Schritte nach rechts und einer nach oben ins Ziel."),),
        ),
        Section(
            "fast",
            "Das schnelle Malefiz",
            "<p>Auf der Rückseite des Spielplans gilt die Grundregel mit diesen Ausnahmen:</p>"
            "<ul><li>jeder Spieler hat <b>4 Figuren</b>, es gibt <b>6 Sperrsteine</b>;</li>"
            "<li>die <b>Ruhefelder</b> (ein Ring mit Punkt; auf dem gedruckten Plan blau): dort ist eine Figur sicher"
            " und kann nicht geschlagen"
            " werden, es darf immer nur eine Figur darauf stehen, und kein Sperrstein darf dorthin;</li>"
            "<li>wird eine Figur im <b>Dorf</b> (dem gelben Bereich oben) geschlagen, kommt sie nicht ins Haus"
            " zurück, sondern in den <b>Wald</b> (das grüne Oval in der Mitte) und startet von dort neu. Vom"
            " Wald aus ist das Feld direkt darüber Feld 1. Im Wald dürfen beliebig viele Figuren stehen; er ist"
            " kein Zugziel, und kein Sperrstein darf dorthin;</li>"
            "<li>dieser Plan hat kurze Rundwege, darum zählt hier die Regel, dass ein Zug kein Feld zweimal"
            " betritt.</li></ul>",
            (
                Figure(
                    "fast-board",
                    "Das schnelle Malefiz: das Dorf (gelb), der Wald (grün), die Ruhefelder (Ring mit Punkt)"
                    " und die Legende.",
                ),
                Figure("fast-rest", "Rot hat eine 3 gewürfelt, aber die gelbe Figur auf dem Ruhefeld ist sicher."),
                Figure(
                    "fast-village",
                    "Gelb hat die rote Figur im Dorf geschlagen: sie kommt in den Wald, nicht ins Haus.",
                ),
                Figure("fast-forest", "Vom Wald aus startet die rote Figur neu: mit einer 3 auf die grünen Felder."),
            ),
        ),
    ),
    options_heading="Regeloptionen",
    options_intro=(
        "<p>Unter <i>Neues Spiel</i> stehen diese Hausregeln zur Wahl; jede ist aus, solange sie nicht angekreuzt ist"
        " (dann gilt die gedruckte Regel).</p>"
    ),
    options={
        "extra_roll_on_six": Option(
            "Nach einer 6 noch einmal würfeln",
            "<p>Wer eine 6 gewürfelt hat, würfelt nach dem Zug noch einmal (eine verbreitete Hausregel; nach"
            " der gedruckten Regel gibt eine 6 keinen weiteren Wurf).</p>",
        ),
        "roll_for_start": Option(
            "Auswürfeln, wer beginnt",
            "<p>Statt der Reihenfolge der Plätze beginnt, wer am höchsten würfelt; bei Gleichstand wird noch"
            " einmal gewürfelt. Einzustellen unter <i>Neues Spiel</i> bei <i>Wer beginnt</i>.</p>",
        ),
        "protect_own_pawns": Option(
            "Eigene Figuren nicht schlagen",
            "<p>Eine Figur darf ihren Zug nicht auf einer Figur der eigenen Farbe beenden; man kann sich also"
            " nie selbst schlagen.</p>",
        ),
        "protect_two_rows": Option(
            "Keine Sperrsteine in den unteren zwei Reihen",
            "<p>Ein genommener Sperrstein darf weder in die unterste Reihe noch in die Reihe darüber gesetzt"
            " werden.</p>",
        ),
    },
    site=Section(
        "site",
        "Spielen auf dieser Seite",
        "<p>Zum Würfeln auf den Würfel drücken. Die Figuren, die ziehen können, sind markiert; ein Klick auf"
        " eine Figur zeigt, wohin sie kann (grün), dann ein Klick auf ein grünes Feld. Nach dem Nehmen eines"
        " Sperrsteins auf das freie Feld klicken, wohin er soll. <i>{hint}</i> zeigt die drei besten Züge"
        " mit der Gewinnchance nach jedem, <i>{undo}</i> nimmt den letzten Zug eines Menschen zurück (sein"
        " Hinweis sagt, wessen), <i>{review}</i>"
        " zeichnet die Gewinnchancen aller Zug um Zug und markiert die Züge, die 5 Punkte oder mehr gekostet"
        " haben: ein Klick darauf stellt den besseren Zug daneben. <i>{players}</i> unter dem Spiel gibt eine"
        " Farbe während des Spiels an den Computer ab oder lässt einen Menschen eine übernehmen.</p>",
    ),
)

_MAEDN_EN: Final = Page(
    title="Mensch ärgere Dich nicht",
    intro=(
        "<p>Mensch ärgere Dich nicht (<i>Man, don't get angry</i>; Schmidt Spiele) is the German"
        " family race game: bring your four pieces once around the board and home, and send the others'"
        " pieces back to the start on the way. It is played on the <b>cross</b> (2 to 4 players) or on the"
        " <b>star</b> (2 to 6 players).</p>"
    ),
    sections=(
        Section(
            "goal",
            "How to win",
            "<p>The first player to bring all four pieces onto the four goal fields of their colour wins. The"
            " others play on for the next places, so every game ends with a full ranking.</p>",
        ),
        Section(
            "setup",
            "The board and the pieces",
            "<p>The white fields are the track. Each colour has a start field <b>A</b> on the track, four"
            " <b>B</b> fields where its pieces wait, and four goal fields <b>a</b> to <b>d</b>. At the start one"
            " piece of each colour stands on its A field and three wait on B. The cross has 40 track fields and"
            " the colours yellow, green, red and black; the star has 48 and adds blue and purple. The highest"
            " roll starts, then play goes clockwise.</p>",
            (Figure("maedn-board", "The cross at the start of a game of four."),),
        ),
        Section(
            "turn",
            "A turn",
            "<p>Roll the die and move one of your pieces that many fields clockwise (the arrows show the"
            " way). Pieces of any colour may be jumped, and the fields they stand on count. A colour that"
            " cannot move passes.</p>",
        ),
        Section(
            "capture",
            "Capturing",
            "<p>A piece that ends exactly on another colour's piece captures it: the captured piece goes back"
            " to its B fields. Capturing is never forced (unless the option <i>Forced capture</i> is on). A"
            " piece may never end on a piece of its own colour.</p>",
            (Figure("maedn-capture", "Yellow rolled a 5 and captures red's piece; it goes back to red's B fields."),),
        ),
        Section(
            "six",
            "The A field and the 6",
            "<ul><li>While pieces of your colour wait on B, your piece on A must leave A as soon as it can.</li>"
            "<li>With a <b>6</b>, a waiting piece must come out onto A (a piece of another colour on A is"
            " captured). If your own piece stands on A, that piece must move the 6 first.</li>"
            "<li>Every 6 gives another roll after the move, again and again, but not the 6 that brings your"
            " last piece home.</li></ul>",
            (Figure("maedn-enter", "Yellow rolled a 6: a waiting piece must come out onto the A field."),),
        ),
        Section(
            "home",
            "Into the goal",
            "<p>After a full lap a piece walks into its own goal fields, counting them one by one; no piece"
            " enters another colour's goal. A roll that would go beyond field d cannot be used by that piece."
            " Pieces may jump each other in the goal (unless <i>No jumping in the goal</i> is on).</p>",
            (Figure("maedn-goal", "Yellow rolled a 5: the piece walks past the piece on a onto goal field b."),),
        ),
        Section(
            "star",
            "The star",
            "<p>The star board is played by the same rules by 2 to 6 players, each with one colour, spread"
            " around the board.</p>",
            (Figure("maedn-star", "The star at the start of a game of six."),),
        ),
    ),
    options_heading="Seats and rule variants",
    options_intro=(
        "<p>The printed rules suggest these variants (<i>Spielvarianten</i>); any of them may be combined."
        " Each is off unless chosen on the <i>New game</i> screen. The last two are seat forms for the cross with"
        " fewer than four players (the <i>Seats</i> field of the <i>New game</i> screen).</p>"
    ),
    options={
        "two_colours": Option(
            "Two players, two colours each",
            "<p>Two players on the cross, each playing two opposite colours (yellow and red against green and"
            " black). Each colour takes its own turn and keeps its own duties, and may even capture its"
            " partner. A player is placed when both colours are home.</p>",
        ),
        "neutral": Option(
            "Three players and a neutral colour",
            "<p>Three players on the cross; the fourth colour is <b>neutral</b> (marked N). For every roll"
            " the player to move may move a piece of their own colour or a neutral one. Neutral pieces"
            " capture and are captured like any other. Whoever is home keeps moving neutral pieces; a player"
            " is only placed when the neutral pieces are home too, and the one who brings the last neutral"
            " piece home comes first among those who finished.</p>",
            (Figure("maedn-neutral", "Three players on the cross: black is neutral."),),
        ),
        "backward_capture": Option(
            "Backward capture",
            "<p>A roll may be moved <b>backwards</b> to capture a lone piece of another colour behind you,"
            " but never onto or past your own A field. Goal pieces never go back.</p>",
            (Figure("maedn-backward", "Yellow rolled a 3: forward, or back to capture red's piece."),),
        ),
        "three_rolls": Option(
            "Three tries for a 6",
            "<p>A colour with no piece on the track (and none in the goal that could still move up) rolls up"
            " to three times for a 6.</p>",
        ),
        "no_jump_in_goal": Option(
            "No jumping in the goal",
            "<p>No piece may pass another piece in the goal fields, entering or moving up.</p>",
            (Figure("maedn-nojump", "Yellow rolled a 5, but the piece may not jump the piece on b to reach d."),),
        ),
        "barriers": Option(
            "Barriers",
            "<p>Two pieces of one colour may share a track field and then form a <b>barrier</b> (marked 2):"
            " no piece may pass or capture it, not even its owner's, backwards neither. There are no barriers"
            " in the goal.</p>",
            (Figure("maedn-barrier", "Red's barrier: yellow's piece cannot pass it with the 4."),),
        ),
        "forced_capture": Option(
            "Forced capture",
            "<p>Whoever could capture but makes another move is punished: the piece that could have captured"
            " goes back to B (of several, the one that has come furthest). The game applies the penalty and"
            " says so.</p>",
        ),
    },
    site=Section(
        "site",
        "Playing on this site",
        "<p>Press the die to roll. The pieces that can move are marked; click a piece with one move to"
        " play it, or a piece with two (forward, or backward to capture) and then one of the green fields."
        " A 6, another roll, the tries of <i>Three tries for a 6</i> and a penalty are said in the status"
        " line. <i>{hint}</i> shows the best three moves with your chance to win after each, <i>{undo}</i>"
        " takes back the last move a person made (its tooltip says whose), <i>{review}</i> draws everyone's"
        " chance to win turn by turn and marks the"
        " moves that cost you 5 points or more: click one to see the better move beside it. <i>{players}</i>, under"
        " the game, hands a colour to the computer during the game or lets a person take one over.</p>",
    ),
)

_MAEDN_DE: Final = Page(
    title="Mensch ärgere Dich nicht",
    intro=(
        "<p>Mensch ärgere Dich nicht (Schmidt Spiele) ist das Familien-Würfelspiel: die eigenen vier"
        " Figuren einmal um den Spielplan und ins Ziel bringen und unterwegs die Figuren der anderen"
        " zurück an den Start schicken. Gespielt wird auf dem <b>Kreuz</b> (2 bis 4 Spieler) oder auf dem"
        " <b>Stern</b> (2 bis 6 Spieler).</p>"
    ),
    sections=(
        Section(
            "goal",
            "Ziel des Spiels",
            "<p>Wer als Erster alle vier Figuren auf die vier Zielfelder seiner Farbe gebracht hat, gewinnt."
            " Die anderen spielen weiter um die nächsten Plätze, so endet jedes Spiel mit einer vollen"
            " Rangliste.</p>",
        ),
        Section(
            "setup",
            "Spielplan und Figuren",
            "<p>Die weißen Felder sind die Laufbahn. Jede Farbe hat ein Anfangsfeld <b>A</b> auf der Laufbahn,"
            " vier <b>B</b>-Felder, auf denen ihre Figuren warten, und vier Zielfelder <b>a</b> bis <b>d</b>. Zu"
            " Beginn steht von jeder Farbe eine Figur auf ihrem A-Feld, drei warten auf B. Das Kreuz hat 40"
            " Felder und die Farben Gelb, Grün, Rot und Schwarz; der Stern hat 48 und dazu Blau und Lila. Wer"
            " am höchsten würfelt, beginnt, dann geht es reihum im Uhrzeigersinn.</p>",
            (Figure("maedn-board", "Das Kreuz zu Beginn eines Spiels zu viert."),),
        ),
        Section(
            "turn",
            "Ein Zug",
            "<p>Würfeln und eine eigene Figur um so viele Felder im Uhrzeigersinn weiterziehen (die Pfeile"
            " zeigen die Richtung). Figuren jeder Farbe dürfen übersprungen werden, die besetzten Felder"
            " zählen mit. Eine Farbe, die nicht ziehen kann, setzt aus.</p>",
        ),
        Section(
            "capture",
            "Schlagen",
            "<p>Trifft eine Figur mit dem letzten Würfelpunkt auf eine Figur einer anderen Farbe, schlägt sie"
            " diese: die geschlagene Figur kommt zurück auf ihre B-Felder. Es herrscht kein Schlagzwang (außer"
            " mit der Option <i>Schlagzwang</i>). Eigene Figuren können nicht geschlagen werden: auf jedem Feld"
            " steht nur eine Figur.</p>",
            (Figure("maedn-capture", "Gelb hat eine 5 gewürfelt und schlägt die rote Figur; sie muss zurück auf B."),),
        ),
        Section(
            "six",
            "Das A-Feld und die 6",
            "<ul><li>Solange noch eigene Figuren auf B warten, muss die eigene Figur auf A das Feld frei"
            " machen, sobald sie kann.</li>"
            "<li>Bei einer <b>6</b> muss eine wartende Figur auf A gesetzt werden (eine fremde Figur auf A wird"
            " geschlagen). Steht dort eine eigene Figur, muss diese zuerst mit der 6 weiterziehen.</li>"
            "<li>Nach jeder 6 wird nach dem Zug noch einmal gewürfelt, immer wieder, nur nicht nach der 6, die"
            " die letzte Figur ins Ziel bringt.</li></ul>",
            (Figure("maedn-enter", "Gelb hat eine 6 gewürfelt: eine wartende Figur muss auf das A-Feld."),),
        ),
        Section(
            "home",
            "Ins Ziel",
            "<p>Nach einer ganzen Runde zieht eine Figur auf die Zielfelder ihrer Farbe vor; auch sie werden"
            " einzeln gezählt. Fremde Zielfelder darf man nicht betreten. Ein Wurf, der über Feld d hinaus"
            " ginge, kann mit dieser Figur nicht gezogen werden. Im Ziel darf übersprungen werden (außer mit"
            " der Option <i>Kein Überspringen im Ziel</i>).</p>",
            (Figure("maedn-goal", "Gelb hat eine 5 gewürfelt: die Figur zieht über die Figur auf a auf Zielfeld b."),),
        ),
        Section(
            "star",
            "Der Stern",
            "<p>Auf dem Stern gelten dieselben Regeln für 2 bis 6 Spieler mit je einer Farbe, verteilt um den"
            " Spielplan.</p>",
            (Figure("maedn-star", "Der Stern zu Beginn eines Spiels zu sechst."),),
        ),
    ),
    options_heading="Plätze und Spielvarianten",
    options_intro=(
        "<p>Die gedruckte Regel schlägt diese Spielvarianten vor; man kann sie beliebig kombinieren. Jede"
        " ist aus, solange sie nicht unter <i>Neues Spiel</i> gewählt ist. Die letzten beiden sind Formen"
        " für das Kreuz mit weniger als vier Spielern (das Feld <i>Sitzordnung</i> unter <i>Neues Spiel</i>).</p>"
    ),
    options={
        "two_colours": Option(
            "Zwei Spieler mit je zwei Farben",
            "<p>Zwei Spieler auf dem Kreuz, jeder spielt zwei gegenüberliegende Farben (Gelb und Rot gegen"
            " Grün und Schwarz). Jede Farbe wird für sich gespielt, mit eigenem Zug und eigenen Pflichten,"
            " und darf sogar die Partnerfarbe schlagen. Ein Spieler ist fertig, wenn beide Farben im Ziel"
            " sind.</p>",
        ),
        "neutral": Option(
            "Drei Spieler und eine neutrale Farbe",
            "<p>Drei Spieler auf dem Kreuz; die vierte Farbe ist <b>neutral</b> (mit N markiert). Bei jedem"
            " Wurf darf der Spieler am Zug eine eigene oder eine neutrale Figur ziehen. Neutrale Figuren"
            " schlagen und werden geschlagen wie alle anderen. Wer im Ziel ist, zieht weiter neutrale Figuren;"
            " gewonnen hat man erst, wenn auch die neutralen Figuren im Ziel sind, und unter denen, die fertig"
            " sind, ist vorn, wer die letzte neutrale Figur ins Ziel bringt.</p>",
            (Figure("maedn-neutral", "Drei Spieler auf dem Kreuz: Schwarz ist neutral."),),
        ),
        "backward_capture": Option(
            "Rückwärtsschlagen",
            "<p>Ein Wurf darf <b>rückwärts</b> gezogen werden, um eine einzelne fremde Figur hinter sich zu"
            " schlagen, aber nie auf oder über das eigene A-Feld. Figuren im Ziel ziehen nie zurück.</p>",
            (Figure("maedn-backward", "Gelb hat eine 3 gewürfelt: vorwärts, oder zurück und Rot schlagen."),),
        ),
        "three_rolls": Option(
            "Dreimal würfeln",
            "<p>Eine Farbe ohne Figur auf der Laufbahn (und ohne Figur im Ziel, die noch vorrücken könnte)"
            " darf bis zu dreimal auf eine 6 würfeln.</p>",
        ),
        "no_jump_in_goal": Option(
            "Kein Überspringen im Ziel",
            "<p>Auf den Zielfeldern darf keine Figur übersprungen werden, weder beim Einziehen noch beim"
            " Vorrücken.</p>",
            (Figure("maedn-nojump", "Gelb hat eine 5 gewürfelt, darf aber nicht über die Figur auf b nach d."),),
        ),
        "barriers": Option(
            "Barrieren",
            "<p>Zwei Figuren einer Farbe dürfen auf einem Feld der Laufbahn stehen und bilden dann eine"
            " <b>Sperre</b> (mit 2 markiert): keine Figur darf sie überspringen oder schlagen, auch keine"
            " eigene, auch nicht rückwärts. Im Ziel gibt es keine Sperren.</p>",
            (Figure("maedn-barrier", "Die rote Sperre: die gelbe Figur kommt mit der 4 nicht vorbei."),),
        ),
        "forced_capture": Option(
            "Schlagzwang",
            "<p>Wer schlagen könnte, aber anders zieht, wird bestraft: die Figur, die hätte schlagen können,"
            " kommt zurück auf B (von mehreren die, die am weitesten gekommen ist). Das Spiel führt die Strafe"
            " aus und sagt es an.</p>",
        ),
    },
    site=Section(
        "site",
        "Spielen auf dieser Seite",
        "<p>Zum Würfeln auf den Würfel drücken. Die Figuren, die ziehen können, sind markiert; ein Klick auf"
        " eine Figur mit einem Zug spielt ihn, bei einer Figur mit zweien (vorwärts, oder rückwärts zum"
        " Schlagen) folgt ein Klick auf eines der grünen Felder. Eine 6, ein weiterer Wurf, die Versuche von"
        " <i>Dreimal würfeln</i> und eine Strafe stehen in der Statuszeile. <i>{hint}</i> zeigt die drei"
        " besten Züge mit der Gewinnchance nach jedem, <i>{undo}</i> nimmt den letzten Zug eines Menschen"
        " zurück (sein Hinweis sagt, wessen),"
        " <i>{review}</i> zeichnet die Gewinnchancen aller Zug um Zug und markiert die Züge, die 5 Punkte oder"
        " mehr gekostet haben: ein Klick darauf stellt den besseren Zug daneben. <i>{players}</i> unter dem"
        " Spiel gibt eine Farbe während des Spiels an den Computer ab oder lässt einen Menschen eine"
        " übernehmen.</p>",
    ),
)

TEXTS: Final[Mapping[str, Mapping[str, Page]]] = {
    "malefiz": {"en": _MALEFIZ_EN, "de": _MALEFIZ_DE},
    "maedn": {"en": _MAEDN_EN, "de": _MAEDN_DE},
}
"""Every game's rules page in every language."""
