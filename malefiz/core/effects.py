"""What one action did, worked out once: the value the words, the animation, the statistics and the
review read instead of asking the rules again.

Every game's ``effects(before, action)`` (in its ``rules`` module, beside ``apply``) makes one
:class:`Effects`; the session keeps it in the game's record with the action. Places are page keys
(a field's name as the game's view names it: ``2.13`` in Malefiz, ``t12`` in Mensch ärgere Dich
nicht), so nothing that reads an effect needs to know one game from the other.

>>> Effects(route=("h", "0.13"), capture=Sent("blue", "0.13")).captured
(Sent(colour='blue', key='0.13'),)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

__all__ = ["NONE", "Effects", "Sent"]


class Sent(NamedTuple):
    """A piece sent back to its start (house, B fields or forest): its colour and the key of the field it left."""

    colour: str
    key: str


@dataclass(frozen=True, slots=True)
class Effects:
    """The facts of one action. A roll or a pass has none (:data:`NONE`)."""

    route: tuple[str, ...] = ()
    """The keys of the fields the moved piece stepped on, its start and end included (empty: no piece moved)."""
    capture: Sent | None = None
    """The piece the move landed on and sent back (Malefiz: possibly one's own pawn)."""
    penalty: Sent | None = None
    """A piece sent back for a capture left undone (Mensch ärgere Dich nicht's forced capture)."""
    barricade_taken: str | None = None
    """The field whose barricade the move took (it is put down by the next action)."""
    barricade_placed: str | None = None
    """The field a taken barricade was put on."""
    goal: bool = False
    """The move reached the goal (Malefiz) or a goal field (Mensch ärgere Dich nicht)."""
    finished: str | None = None
    """The colour that finished with this action: the winner (Malefiz) or a colour whose last piece came home."""
    trail: tuple[str, ...] = ()
    """The fields the board marks until the next move, as the game draws them: the way walked (Malefiz: the
    fields stepped on; Mensch ärgere Dich nicht: from the field left), a barricade's new field, a penalised
    piece's field."""

    @property
    def captured(self) -> tuple[Sent, ...]:
        """Every piece the action sent back: the capture, then the penalty."""
        return tuple(s for s in (self.capture, self.penalty) if s is not None)


NONE = Effects()
"""The effects of a roll or a pass: nothing moved."""
