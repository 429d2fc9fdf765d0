"""Tables, players, hands (their append-only events) and the ledger.

The database holds the truth: a hand is its document (config, seats, deck) and its
events; replaying them through games.rules rebuilds it. Only games.services writes.
"""

from __future__ import annotations

import secrets
import uuid

from django.db import models
from django.utils import timezone

from games.rules import stacks


def new_token() -> str:
    return secrets.token_urlsafe(16)


GAME_CHOICES = [
    ("levys", "Levy's Game"),
    ("high-low-declare", "High-Low Declare"),
    ("sviten", "Sviten Special"),
    ("dealers-choice", "Dealer's choice"),
]
STRUCTURE_CHOICES = [
    ("half-pot-limit", "Half-pot-limit"),
    ("pot-limit", "Pot-limit"),
    ("fixed-limit", "Fixed-limit"),
    ("no-limit", "No-limit"),
]


class Table(models.Model):
    invite = models.CharField(max_length=32, unique=True, default=new_token)
    host_secret = models.CharField(max_length=32, default=new_token)
    name = models.CharField(max_length=60)
    game = models.CharField(max_length=20, choices=GAME_CHOICES)
    structure = models.CharField(max_length=20, choices=STRUCTURE_CHOICES)
    ante = models.PositiveIntegerField(default=0)
    small_blind = models.PositiveIntegerField(default=0)
    big_blind = models.PositiveIntegerField(default=0)
    small_bet = models.PositiveIntegerField(default=0)  # fixed-limit; 0: the opening bet
    big_bet = models.PositiveIntegerField(default=0)  # fixed-limit; 0: twice the small bet
    raise_cap = models.PositiveIntegerField(null=True, blank=True)
    cap_lifts_heads_up = models.BooleanField(default=True)
    stake_cap = models.PositiveIntegerField(null=True, blank=True)
    min_buy_in = models.PositiveIntegerField(default=100)
    max_buy_in = models.PositiveIntegerField(default=500)
    seat_count = models.PositiveSmallIntegerField(default=6)
    declare = models.CharField(max_length=10, default="chips")
    low = models.CharField(max_length=12, default="ace-to-six")
    action_clock = models.PositiveIntegerField(null=True, blank=True)  # seconds
    time_bank = models.PositiveIntegerField(null=True, blank=True)  # seconds a player, a session
    away_after = models.PositiveIntegerField(default=30)  # seconds: the grace period (§6)
    practice = models.BooleanField(default=False)  # one person and bots, play chips only
    approval_required = models.BooleanField(default=False)
    chip_value = models.DecimalField(max_digits=10, decimal_places=4, null=True, blank=True)
    history_open = models.BooleanField(default=False)  # show every card in hand history
    dealing = models.BooleanField(default=False)
    ended = models.BooleanField(default=False)  # the host ended the game: nobody sits down
    button = models.PositiveSmallIntegerField(null=True, blank=True)
    chosen_game = models.CharField(max_length=20, blank=True, default="")
    chosen_by = models.CharField(max_length=8, blank=True, default="")  # "clock", "host"
    next_deal_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    REQUESTED, SEATED, LEFT, REFUSED = stacks.REQUESTED, stacks.SEATED, stacks.LEFT, stacks.REFUSED
    STATUS_CHOICES = [(s, s) for s in (REQUESTED, SEATED, LEFT, REFUSED)]

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="players")
    session_key = models.CharField(max_length=64, db_index=True)
    name = models.CharField(max_length=24)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    stack = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=STATUS_CHOICES, default=REQUESTED)
    buy_in = models.PositiveIntegerField(default=0)
    rebuy_request = models.PositiveIntegerField(null=True, blank=True)
    sitting_out = models.BooleanField(default=False)
    away_since = models.DateTimeField(null=True, blank=True)  # sat out by the clock, away
    bank_used = models.PositiveIntegerField(default=0)  # seconds of the table's time bank
    bot = models.BooleanField(default=False)  # played by games.rules.bots
    host = models.BooleanField(default=False)  # the host's own seat: settles for the bots
    muted = models.BooleanField(default=False)  # by the host: reads the chat, says nothing
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "seat"],
                condition=models.Q(status__in=["requested", "seated"]),
                name="one_player_per_seat",
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} (seat {self.seat})"


class Hand(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveIntegerField()
    game = models.CharField(max_length=20)
    document = models.JSONField()  # the hand document without its actions
    seat_players = models.JSONField()  # {"seat": player id}
    sequence = models.PositiveIntegerField(default=0)
    finished = models.BooleanField(default=False)
    voided = models.BooleanField(default=False)
    result = models.JSONField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    bank_from = models.DateTimeField(null=True, blank=True)  # the clock ran out: banks run
    bots = models.JSONField(default=list, blank=True)  # the seats bots play
    started = models.DateTimeField(auto_now_add=True)
    ended = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_per_table")
        ]
        ordering = ["-number"]

    def __str__(self) -> str:
        return f"hand {self.number} at {self.table_id}"


class HandEvent(models.Model):
    """One applied action of a hand: append-only, numbered from 1 within the hand."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="events")
    sequence = models.PositiveIntegerField()
    action = models.JSONField()
    by = models.CharField(max_length=10, default="player")  # player, host, clock
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["hand", "sequence"], name="one_event_per_sequence")
        ]
        ordering = ["sequence"]

    def __str__(self) -> str:
        return f"event {self.sequence} of hand {self.hand_id}"


class LedgerEntry(models.Model):
    """One side of a chip movement that is not play. Each transfer has two rows summing to 0.

    ``player`` is the player's chips at the table; a row without a player is the cashier.
    A top-up or a removal is the host's money in or out, like a rebuy or a cash-out; a
    correction changes the chips with no money moving. (An "adjustment", from before the
    two were told apart, was booked as money.)
    """

    KINDS = ["buy-in", "rebuy", "top-up", "removal", "correction", "adjustment", "cash-out",
             "void"]  # fmt: skip

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="ledger")
    transfer = models.UUIDField(default=uuid.uuid4, db_index=True)
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.CASCADE)
    kind = models.CharField(max_length=12, choices=[(k, k) for k in KINDS])
    amount = models.IntegerField()
    hand = models.ForeignKey(Hand, null=True, blank=True, on_delete=models.SET_NULL)
    note = models.CharField(max_length=200, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created", "id"]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount}"


class Presence(models.Model):
    """When a browser last showed it was at a table (its socket connected or synced): a
    player with no sign of life for a while is away, and only then may the host act for
    them (RULES.md §6). Kept apart from Player so that no save of a player undoes it."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="presences")
    session_key = models.CharField(max_length=64)
    seen_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "session_key"], name="one_presence_per_browser"
            )
        ]

    def __str__(self) -> str:
        return f"{self.session_key} at {self.table_id}, {self.seen_at}"


class ChatLine(models.Model):
    """One line said in the table's chat: kept with the table, never part of a hand.

    ``name`` is the speaker's name as it was when the line was said ("" for a host without
    a seat); ``player`` is None for a host without a seat. ``told``: the table's own news
    (a change of the stakes, a rebuy answered, a player leaving), not typed, so not counted
    against anyone's rate; ``about``: the player such news is about, if one."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="chat_lines")
    player = models.ForeignKey(Player, null=True, blank=True, on_delete=models.SET_NULL)
    about = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    name = models.CharField(max_length=24, blank=True, default="")
    by_host = models.BooleanField(default=False)
    told = models.BooleanField(default=False)
    text = models.CharField(max_length=200)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["table", "created"], name="chat_line_table_created")]

    def __str__(self) -> str:
        return f"{self.name or 'host'}: {self.text}"
