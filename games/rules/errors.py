"""Every way an input to the rules can be wrong, each with a message saying what."""

from __future__ import annotations


class RulesError(ValueError):
    """Base class: the input broke a rule; nothing was changed."""


class BadCard(RulesError):
    """A card could not be read ("Zz", "10h", "")."""


class DuplicateCard(RulesError):
    """The same card appears twice where every card must be distinct."""


class BadSettings(RulesError):
    """A table or hand setting is out of range or inconsistent."""


class IllegalAction(RulesError):
    """An action that the rules do not allow at this moment."""


class OutOfTurn(IllegalAction):
    """A seat acted when it was not that seat's turn."""


class WrongStep(IllegalAction):
    """An action of a kind that does not belong to the hand's current step."""


class AmountOutOfRange(IllegalAction):
    """A bet or raise outside the legal minimum and maximum."""


class Refused(RulesError):
    """A request at the table (a seat, a rebuy, a stack change) that does not fit the
    player or the moment."""
