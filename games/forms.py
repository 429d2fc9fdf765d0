"""The forms of the host and the players: every field checked, every number bounded, here.

A form refuses what the database could not hold (a NUL byte, a number past its column)
with a message the sender can act on, before any service is called. A table's settings
are checked only here, whole: each field, and together whether every game they name can
be dealt. The services check what depends on the table's moment (a free seat, a buy-in
within the table's range).
"""

from __future__ import annotations

import re
import unicodedata
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError

from games.models import GAME_CHOICES, STRUCTURE_CHOICES, Player, Table
from games.rules.catalog import GAMES
from games.rules.config import DECLARE_METHODS
from games.rules.errors import RulesError
from games.rules.names import listed
from games.rules.stacks import STACK_CHANGES
from games.rules.values import LOW_VALUES
from games.services import ServiceError, hand_config

TOKEN = re.compile("[A-Za-z0-9_-]+")  # an invite or a host secret (models.new_token)
MOST_CHIPS = 1_000_000  # any one amount: a stake, a buy-in, a rebuy, a stack change
MOST_RAISES = 100
MOST_SEATS = max(game.max_seats for game in GAMES.values())
MOST_ID = 2**63 - 1  # a player's id (a 64-bit column)
MOST_SEQUENCE = 2**31 - 1
MOST_MONEY_PER_CHIP = Decimal("999999.9999")


class BadInput(ServiceError):
    """Form fields the sender filled in wrongly: the message says how; ``errors``: each
    field's own messages (None: the form as a whole)."""

    def __init__(self, message: str, errors: dict | None = None) -> None:
        super().__init__(message)
        self.errors = {None if k == "__all__" else k: v for k, v in (errors or {}).items()}


CONTROL_CHARACTERS = "use letters, digits, spaces and punctuation: no control characters"


def printable(text: str) -> None:
    """Refuse control characters (NUL, line breaks, escapes): no name or note needs one."""
    if any(unicodedata.category(c) == "Cc" for c in text):
        raise ValidationError(CONTROL_CHARACTERS, code="control_characters")


class Whole(forms.IntegerField):
    """A whole number from ``low`` to ``high``; empty means ``blank``."""

    def __init__(
        self, label: str, low: int, high: int, blank: int | None = 0, message: str = ""
    ) -> None:
        self.blank = blank
        within = message or f"{label} must be a whole number from {low:,} to {high:,}"
        below = f"{label} cannot be negative" if low == 0 and not message else within
        messages = {"invalid": within, "min_value": below, "max_value": within}
        super().__init__(min_value=low, max_value=high, required=False, error_messages=messages)

    def clean(self, value):
        number = super().clean(value)
        return self.blank if number is None else number


def chips(label: str, blank: int | None = 0) -> Whole:
    return Whole(label, 0, MOST_CHIPS, blank)


class Flag(forms.Field):
    """A checkbox sent as "1" when ticked; anything else is no."""

    def to_python(self, value) -> bool:
        return value == "1"

    def validate(self, value) -> None:
        pass


class Choice(forms.ChoiceField):
    """One of ``choices``; empty means ``blank`` (or, with no blank, ``message``)."""

    def __init__(self, choices, message: str, blank: str | None = None) -> None:
        self.blank = blank
        messages = {"required": message, "invalid_choice": message}
        super().__init__(choices=choices, required=blank is None, error_messages=messages)

    def clean(self, value):
        return super().clean(value) or self.blank


class Text(forms.CharField):
    """Text of at most ``longest`` characters, none of them a control character."""

    def __init__(self, longest: int, message: str, required: bool = False) -> None:
        messages = {"required": message, "max_length": message,
                    "null_characters_not_allowed": CONTROL_CHARACTERS}  # fmt: skip
        super().__init__(max_length=longest, required=required, error_messages=messages,
                         validators=[printable])  # fmt: skip


class MoneyPerChip(forms.DecimalField):
    def __init__(self) -> None:
        message = "the money per chip must be a number like 0.25"
        messages = {key: message for key in ("invalid", "min_value", "max_value")}
        super().__init__(min_value=0, max_value=MOST_MONEY_PER_CHIP, required=False,
                         error_messages=messages)  # fmt: skip

    def clean(self, value):
        amount = super().clean(value)
        return None if amount is None else amount.quantize(Decimal("0.0001"))


class TableSettingsForm(forms.Form):
    """The game and stakes, at a new table or changed by the host between hands (then
    ``table`` gives what the form does not change, such as its seats)."""

    game = Choice(GAME_CHOICES, "choose a game")
    structure = Choice(STRUCTURE_CHOICES, "choose a betting structure")
    ante = chips("the ante")
    small_blind = chips("the small blind")
    big_blind = chips("the big blind")
    small_bet = chips("the small bet")
    big_bet = chips("the big bet")
    raise_cap = Whole("the raise cap", 0, MOST_RAISES, blank=None)
    cap_lifts_heads_up = Flag()
    stake_cap = chips("the stake cap", blank=None)
    declare = Choice([(m, m) for m in DECLARE_METHODS], "choose how to declare", "chips")
    low = Choice([(low, low) for low in LOW_VALUES], "choose a low", "ace-to-six")
    action_clock = Whole("", 5, 600, None, "the action clock is 5 to 600 seconds")
    time_bank = Whole("", 0, 3600, None, "the time bank is 0 to 3,600 seconds")
    away_after = Whole("", 30, 600, 30, "a player counts as away after 30 to 600 seconds")
    chip_value = MoneyPerChip()
    history_open = Flag()
    min_buy_in = Whole("the minimum buy-in", 1, MOST_CHIPS, blank=None)  # (not sent: kept)
    max_buy_in = Whole("the maximum buy-in", 1, MOST_CHIPS, blank=None)
    approval_required = Flag()

    def __init__(self, data, table: Table | None = None) -> None:
        super().__init__(data)
        self.table = table or Table()

    def clean(self) -> dict:
        settings = super().clean()
        for kept in ("min_buy_in", "max_buy_in"):
            if settings.get(kept, 0) is None:
                del settings[kept]
        if self.table.pk and "approval_required" not in self.data:  # (the host's form sends
            settings.pop("approval_required", None)  # "0" before its checkbox's "1")
        for unsent in ("declare", "low", "small_bet", "big_bet", "away_after"):  # a group the
            if self.table.pk and unsent not in self.data:  # host's form hides, as not applying
                settings.pop(unsent, None)  # to the game or betting chosen, keeps its values
                # (and a page from before the grace period was a setting keeps the table's)
        if not STAKES.intersection(self.errors):  # (each read whole first: then together)
            kept = {f.name: getattr(self.table, f.name) for f in Table._meta.concrete_fields}
            if self.table.pk and "seat_count" not in settings:
                kept["seat_count"] = settings["seat_count"] = _seats_kept(self.table, settings)
            for field, message in unplayable(Table(**{**kept, **settings})):
                self.add_error(field if field in self.fields else None, message)
        return settings


STAKES = frozenset(
    (
        "game",
        "structure",
        "ante",
        "small_blind",
        "big_blind",
        "small_bet",
        "big_bet",
        "raise_cap",
        "cap_lifts_heads_up",
        "stake_cap",
        "declare",
        "low",
        "min_buy_in",
        "max_buy_in",
        "seat_count",
    )
)  # what ``unplayable`` reads


def _seats_kept(table: Table, settings: dict) -> int:
    """The seats a table keeps when its host changes the game: all of them, or as many
    as a game for fewer players seats, when nobody sits beyond those."""
    game = settings.get("game") or table.game
    if game not in GAMES or table.seat_count <= GAMES[game].max_seats:
        return table.seat_count
    most = GAMES[game].max_seats
    beyond = table.players.exclude(status__in=(Player.LEFT, Player.REFUSED)).filter(seat__gt=most)
    taken = sorted(beyond.values_list("seat", flat=True))
    if taken:
        seats = listed([str(s) for s in taken])
        raise ValidationError(f"{GAMES[game].name} seats {most} at most, and seat"
                              f"{'s' if len(taken) > 1 else ''} {seats} "
                              f"{'is' if len(taken) == 1 else 'are'} taken")  # fmt: skip
    return most


def unplayable(table: Table) -> list[tuple[str | None, str]]:
    """What would stop some game the settings name being dealt or bet, all of it, each
    with the field to change (None: no one field)."""
    games = list(GAMES) if table.game == "dealers-choice" else [table.game]
    largest = max(GAMES[g].max_seats for g in games)
    problems: list[tuple[str | None, str]] = []
    if not 2 <= table.seat_count <= largest:
        problems.append(("seat_count", f"this table can have 2 to {largest} seats"))
    for end, words in (("min_buy_in", "minimum"), ("max_buy_in", "maximum")):
        if getattr(table, end) < 1:  # (left empty on a new table's form: 0)
            problems.append((end, f"the {words} buy-in must be at least 1 chip"))
    low, high = table.min_buy_in, table.max_buy_in
    if 1 <= high < low:
        problems.append(("min_buy_in", f"the minimum buy-in ({low}) is above the maximum ({high})"))
    forced = table.ante + table.big_blind  # (what the big blind puts in before acting)
    blinds = "the ante and the big blind together" if table.ante and table.big_blind else (
        "the ante" if table.ante else "the big blind")  # fmt: skip
    if table.stake_cap is not None and table.stake_cap <= forced:
        problems.append(("stake_cap", f"the stake cap must be more than {blinds} ({forced}): "
                                      f"at {table.stake_cap} nobody could bet"))  # fmt: skip
    if 1 <= high <= forced:
        problems.append(("max_buy_in", f"the maximum buy-in must be more than {blinds} ({forced}): "
                                       "a player would be all-in before betting"))  # fmt: skip
    try:
        for game in games:
            hand_config(table, game)
    except RulesError as error:
        said = str(error)
        field = next((f for words, f in RULES_FIELDS if words in said), None)
        problems.append((field, said))
    return problems


RULES_FIELDS = (
    ("small blind", "small_blind"),
    ("ante or blinds", "big_blind"),
    ("small bet", "big_bet"),
    ("raise cap", "raise_cap"),
    ("stake cap", "stake_cap"),
    ("seats", "seat_count"),
)  # fmt: skip  (the rules core's words: its field)


class NewTableForm(TableSettingsForm):
    name = Text(60, "give the table a name of 1 to 60 characters", required=True)
    seat_count = Whole("", 2, MOST_SEATS, message=f"a table can have 2 to {MOST_SEATS} seats")
    min_buy_in = Whole("the minimum buy-in", 1, MOST_CHIPS, blank=0)  # (empty: told by
    max_buy_in = Whole("the maximum buy-in", 1, MOST_CHIPS, blank=0)  # unplayable)
    approval_required = Flag()


class JoinForm(forms.Form):
    seat = Whole("the seat", 1, MOST_SEATS)
    name = Text(24, "choose a name of 1 to 24 characters")
    buy_in = chips("the buy-in")


class PracticeForm(forms.Form):
    """A practice table: the game, how many bots, and the person's name."""

    game = Choice([(g, g) for g in ("levys", "high-low-declare", "sviten")], "choose a game")
    bots = Whole("the number of bots", 1, 7)
    name = Text(24, "choose a name of 1 to 24 characters", required=True)


class RebuyForm(forms.Form):
    amount = chips("the rebuy")


class HostForm(forms.Form):
    """What a host's button or form sends; each action reads the fields it needs."""

    player = Whole("", 1, MOST_ID, None, "there is no such player")
    seat = Whole("the seat", 1, MOST_SEATS)
    seq = Whole("the sequence", 0, MOST_SEQUENCE)
    buy_in = Whole("the buy-in", 0, MOST_CHIPS, blank=None)  # a bot's; none: the maximum
    approve = Flag()
    on = Flag()
    out = Flag()


class AdjustForm(HostForm):
    kind = Choice([(k, k) for k in STACK_CHANGES],
                  "say whether money changes hands: top-up/removal or correction")  # fmt: skip
    amount = Whole("the number of chips", -MOST_CHIPS, MOST_CHIPS, blank=None)
    note = Text(100, "a note is at most 100 characters")


class ChatForm(forms.Form):
    text = Text(200, "say something of 1 to 200 characters", required=True)


def as_sent(values: dict) -> dict:
    """``values`` as a browser would send them: a way to fill a form from code."""
    return {k: "1" if v is True else "" if v is None or v is False else str(v)
            for k, v in values.items()}  # fmt: skip


def cleaned(form: forms.Form) -> dict:
    """The form's values, or BadInput with everything wrong with it."""
    if not form.is_valid():
        said = [message for messages in form.errors.values() for message in messages]
        raise BadInput("; ".join(dict.fromkeys(said)), errors=form.errors)
    return form.cleaned_data
