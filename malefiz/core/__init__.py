"""What every game shares: the game protocol, errors, seeded dice, shared actions, the play loop and tournaments."""
