"""Hand history, the ledger and settle-up, read from the database (nothing here writes)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal

from django.db.models import Sum

from games.models import Hand, LedgerEntry, Player, Table
from games.rules.catalog import GAMES
from games.rules.history import bot_reason, names_of, review, text_log
from games.rules.names import BANK, HOST, listed, name_key
from games.rules.settle import settle_up
from games.rules.view import got_back, last_actions, taken_for
from games.templatetags.poker import signed


def full_document(hand: Hand) -> dict:
    """The hand document with its actions: what replay_hand replays. An action the clock
    or the host made for an absent player says so in ``by``."""
    actions = [
        {**e.action, "by": e.by} if e.by in ("clock", "host") else e.action
        for e in hand.events.all()
    ]
    return {**hand.document, "actions": actions}


def reviewer_seat(hand: Hand, session_key: str | None) -> int | None:
    if not session_key:
        return None
    mine = set(
        Player.objects.filter(table_id=hand.table_id, session_key=session_key).values_list(
            "pk", flat=True
        )
    )
    return next((int(s) for s, pid in hand.seat_players.items() if pid in mine), None)


def may_export_documents(table: Table) -> bool:
    """Full documents hold the deck order and every hidden card: released to everyone at
    once when the history is opened, never to the host alone (RULES.md §6)."""
    return table.history_open


def hand_rows(table: Table, game: str = "", player: str = "", net_of: str = "") -> list[dict]:
    """The finished hands (of ``game``; with ``player`` in them), each with what it left
    ``player`` (or, listing every hand, ``net_of``: the viewer) up or down."""
    hands = table.hands.filter(finished=True).order_by("number")
    if game:
        hands = hands.filter(game=game)
    rows = []
    for hand in hands:
        names = names_of(hand.document)
        whose = name_key(player or net_of)
        seats = [s for s, name in names.items() if name_key(name) == whose]
        if player and not seats:
            continue
        awards = (hand.result or {}).get("awards", [])
        back = got_back(hand.document, hand.result) if hand.result else set()
        winners: dict[str, int] = {}  # "Cat 2", or what a seat only got back: "Ben got back 1"
        for a in awards:
            if a["amount"]:
                said = names[a["seat"]] + (" got back" if a["seat"] in back else "")
                winners[said] = winners.get(said, 0) + a["amount"]
        rows.append(
            {
                "hand": hand,
                "game_name": GAMES[hand.game].name,
                "pot": sum(a["amount"] for a in awards),
                "winners": winners,
                "players": list(names.values()),
                "net": _net(hand, seats) if seats else None,
            }
        )
    return rows


def _net(hand: Hand, seats: list[int]) -> int | None:
    """What the hand left ``seats`` up or down: their stacks at its end less at its start
    (None for a voided hand, which gave every chip back)."""
    if hand.voided:
        return None
    stacks = (hand.result or {}).get("stacks", {})
    start = {s["seat"]: s["stack"] for s in hand.document["seats"]}
    return sum(stacks.get(str(s), start[s]) - start[s] for s in seats)


def hand_review(hand: Hand, step: int, seat: int | None, show_all: bool) -> dict:
    """The review at ``step``; where the history shows every card (a practice table), with the
    reason a bot gave for the step's action (``why``)."""
    document = full_document(hand)
    seen = reviewed(document, step, seat, show_all)
    actor = seen.get("actor")
    why = bot_reason(document, seen["step"]) if show_all and actor in hand.bots else None
    return {**seen, "why": f"{names_of(document)[actor]}: {why}" if why else None}


def reviewed(document: dict, step: int, seat: int | None, show_all: bool) -> dict:
    """The review at ``step``, each seat with its last action in the step, as the live
    table showed it ("Check", "Bet 2"); none on a seat to act, nor at the result (the
    seats show what they won there). A step that closes its round keeps its actor's word
    even where the felt already shows the next step with that seat to act."""
    seen = review(document, step, seat, show_all)
    log = seen.pop("log")
    said = last_actions(log, seen["playing"])
    by = {"fold": taken_for(log, ("fold",)), "draw": taken_for(log, ("draw", "lock"))}
    closed = seen.pop("closed", False)
    if closed:  # the felt shows the next round: its actor's word only, to act there or not
        said = {s: words for s, words in said.items() if s == seen["actor"]}
    if seen["finished"]:
        said = {}
    for entry in seen["seats"]:
        hidden = entry["to_act"] and not closed  # (a seat to act has not spoken yet)
        entry["said"] = None if hidden else said.get(entry["seat"])
        if (entry["said"] or "").startswith("Declared "):  # its pill says it: not twice
            entry["declaration"] = None
        taken = {kind: seats.get(entry["seat"]) for kind, seats in by.items()}
        entry["notes"] = _notes(entry, seen["finished"], taken)
    return seen


def _notes(entry: dict, finished: bool, by: dict[str, str | None]) -> str:
    """A reviewed seat's notes: "folded", "all-in" or "at the stake cap" until the result,
    its draw as the live table says it ("drew 2",
    "threw away 2" until Sviten's new cards come, "stood pat"; not at the result, where
    the hands say more), "declared Low"; a fold or draw the host or the clock took for
    the player says so, as at the table: "folded (host)", "stood pat (clock)"."""
    marked = {kind: f" ({who})" if who else "" for kind, who in by.items()}
    notes = [f"folded{marked['fold']}"] if entry["folded"] else []
    if not finished:  # (as at the table, until the hand is won)
        notes += ["all-in"] * entry["all_in"] + ["at the stake cap"] * entry["capped"]
    if entry["drew"] is not None and not finished:
        drew = f"{'threw away' if entry['awaits_cards'] else 'drew'} {entry['drew']}"
        notes.append((drew if entry["drew"] else "stood pat") + marked["draw"])
    if entry["declaration"]:
        notes.append(f"declared {entry['declaration'].title()}")
    return " · ".join(notes)


def hand_text(hand: Hand, seat: int | None, show_all: bool) -> list[str]:
    document = full_document(hand)
    started = hand.started.strftime("%Y-%m-%d %H:%M UTC")
    title = f"pokerhome {hand.table.name}, hand {hand.number}, {started}"
    if hand.voided:
        return [title, "Voided by the host: every bet returned."]
    return text_log(document, seat, title, show_all)


BOTS_OWNER = " (the host's bot)"  # a bot's label at a real table
MONEY_IN = ("buy-in", "rebuy", "top-up")
MONEY_OUT = ("cash-out", "removal")
STACK_CHANGES = {  # the host's, listed on the ledger page as this says
    "top-up": "top-up (money in)",
    "removal": "removal (money out)",
    "correction": "correction (no money)",
    "adjustment": "adjustment (booked as money)",
}


@dataclass
class LedgerRow:
    """One person: every seat their browser took at the table, under whatever name."""

    player: Player  # their latest seat (its name and whether they left)
    label: str = ""  # their name, told apart from anyone else's of the same name
    bought: int = 0  # money in: buy-ins, rebuys, top-ups
    corrected: int = 0  # chips added (+) or taken (-) with no money moving
    cashed_out: int = 0  # money out: cash-outs, removals
    stack: int = 0
    money: Decimal | None = None

    @property
    def net(self) -> int:
        """What the player won (+) or lost (-): a correction counts, through the stack."""
        return self.stack + self.cashed_out - self.bought


@dataclass
class Ledger:
    rows: list[LedgerRow]
    entries_sum: int
    payments: list[tuple[str, str, int]] = field(default_factory=list)
    chip_value: Decimal | None = None
    changes: list[tuple[LedgerEntry, str]] = field(default_factory=list)  # the host's
    labels: dict[int, str] = field(default_factory=dict)  # player id: their person's label
    host: str = ""  # who settles for the host's bots and the bank, in the payments
    hosts_share: list[tuple[str, int]] = field(default_factory=list)  # those nets (label, net)
    host_own: int = 0  # the host's own net, where they sat

    @property
    def seated_note(self) -> str:
        """Who is still at the table, whose stacks the settle-up counts as they stand ("" when
        nobody is): its payments are final only once they have left."""
        seated = [row.label for row in self.rows
                  if row.player is not None and row.player.status == Player.SEATED]  # fmt: skip
        if not seated:
            return ""
        return (
            f"{listed(seated)} {'is' if len(seated) == 1 else 'are'} still at the table: "
            "the settle-up counts their stacks as they stand, and changes as play goes on."
        )

    @property
    def host_note(self) -> str:
        """Why the host's payments are not the host's net alone: "Sam settles for Bot Ada
        (-43) and the bank (+10): the host's bots play the host's chips, and the host is
        the bank of the corrections." ("" when they are)."""
        if not self.hosts_share:
            return ""
        who = "The host" if self.host == HOST else self.host
        parts = [f"{label} ({signed(net)})" for label, net in self.hosts_share]
        bots = any(label != BANK for label, _ in self.hosts_share)
        why = ["the host's bots play the host's chips"] if bots else []
        why += ["the host is the bank of the corrections"] if self.bank_net else []
        total = sum(net for _, net in self.hosts_share) + self.host_own
        own = "" if self.host == HOST else f" With their own {signed(self.host_own)},"
        return (
            f"{who} settles for {listed(parts)}: {', and '.join(why)}.{own} {signed(total)} in all."
        )

    @property
    def stacks(self) -> int:
        return sum(r.stack for r in self.rows)

    @property
    def cashed_out(self) -> int:
        return sum(r.cashed_out for r in self.rows)

    @property
    def bought(self) -> int:
        return sum(r.bought for r in self.rows)

    @property
    def corrected(self) -> int:
        return sum(r.corrected for r in self.rows)

    @property
    def any_correction(self) -> bool:
        """Whether any count was corrected (its column is shown only then)."""
        return any(r.corrected for r in self.rows)

    @property
    def bank_net(self) -> int:
        """The bank's side of the corrections: with it the nets sum to zero."""
        return -self.corrected

    @property
    def balance(self) -> int:
        """Stacks on the table + money out - money in - corrections: must be 0."""
        return self.stacks + self.cashed_out - self.bought - self.corrected

    def money(self, chips: int) -> Decimal | None:
        return in_money(chips, self.chip_value)


def in_money(chips: int, chip_value: Decimal | None) -> Decimal | None:
    """What ``chips`` are worth, to the cent, where the host set a chip's value."""
    return None if chip_value is None else (chips * chip_value).quantize(Decimal("0.01"))


def _book(row: LedgerRow, kind: str, amount: int) -> None:
    """Count one of the player's rows. An "adjustment" (before corrections were told
    apart) was booked as money: in when positive, out when negative."""
    if kind == "adjustment":
        kind = "top-up" if amount > 0 else "removal"
    if kind in MONEY_IN:
        row.bought += amount
    elif kind in MONEY_OUT:
        row.cashed_out -= amount
    elif kind == "correction":
        row.corrected += amount


def person_of(player: Player) -> str:
    """Who a player is: their browser. The same browser sitting again is the same person;
    two browsers are two people, whatever names they typed."""
    return player.session_key or f"player {player.pk}"


def told_apart(latest: list[Player], practice: bool = False) -> list[str]:
    """A label for each person (given by their latest seat, in order of arrival): their
    name (a bot's says whose chips it plays: the host's, at practice the player's own); if
    another person had that name too, with their seat; if still not told apart (the same
    seat), numbered in order of arrival."""
    bot = " (bot)" if practice else BOTS_OWNER
    labels = [f"{p.name}{bot}" if p.bot else p.name for p in latest]
    for same in _alike(labels):
        for i in same:
            labels[i] = f"{latest[i].name} (seat {latest[i].seat})"
    for same in _alike(labels):
        for k, i in enumerate(same, start=1):
            labels[i] += f" #{k}"
    return labels


def _alike(labels: list[str]) -> list[list[int]]:
    """The indexes of labels read as the same name (games.rules.names.name_key), group by group."""
    groups: dict[str, list[int]] = {}
    for i, label in enumerate(labels):
        groups.setdefault(name_key(label), []).append(i)
    return [group for group in groups.values() if len(group) > 1]


def ledger(table: Table) -> Ledger:
    players = table.players.filter(status__in=[Player.SEATED, Player.LEFT]).order_by("pk")
    people: dict[str, LedgerRow] = {}
    of_player: dict[int, LedgerRow] = {}
    for p in players:
        row = people.setdefault(person_of(p), LedgerRow(p))
        row.player = p  # the latest seat names the person
        row.stack += p.stack if p.status == Player.SEATED else 0
        of_player[p.pk] = row
    rows = list(people.values())
    labels = told_apart([r.player for r in rows], practice=table.practice)
    for row, label in zip(rows, labels, strict=True):
        row.label = label
    entries = LedgerEntry.objects.filter(table=table, player__isnull=False)
    for player_id, kind, amount in entries.values_list("player", "kind", "amount"):
        if player_id in of_player:
            _book(of_player[player_id], kind, amount)
    entries_sum = LedgerEntry.objects.filter(table=table).aggregate(t=Sum("amount"))["t"] or 0
    labels = {pk: row.label for pk, row in of_player.items()}
    by_host = entries.filter(kind__in=STACK_CHANGES).select_related("player")
    changes = [(e, STACK_CHANGES[e.kind]) for e in by_host]
    for entry, _ in changes:  # whose stack, told apart from a namesake
        entry.person = labels.get(entry.player_id, entry.player.name)
    book = Ledger(rows, entries_sum, chip_value=table.chip_value, changes=changes, labels=labels)
    if book.balance == 0:
        _settle(book, table)
    return book


def _settle(book: Ledger, table: Table) -> None:
    """The payments that square the nets. The host's bots play the host's chips and the
    host is the bank of the corrections, so their nets are the host's: added to the host's
    own where the host sat at the table, else paid and taken by "the host"."""
    if table.practice:  # play chips: nobody settles up
        return
    nets = {row.label: row.net for row in book.rows if not row.player.bot}
    share = [
        (row.label.removesuffix(BOTS_OWNER), row.net)  # (told apart, as in the rows)
        for row in book.rows
        if row.player.bot and row.net
    ]
    if book.bank_net:
        share.append((BANK, book.bank_net))
    if share:
        hosts = table.players.filter(host=True).values_list("session_key", flat=True)
        sat = [row.label for row in book.rows if row.player.session_key in set(hosts)]
        book.host = sat[0] if sat else _party_name(nets, HOST)
        book.hosts_share, book.host_own = share, nets.get(book.host, 0)
        nets[book.host] = book.host_own + sum(net for _, net in share)
    book.payments = settle_up(nets)


def _party_name(names, party: str) -> str:
    """``party``, unless a player took that name (before it was kept for the ledger)."""
    taken = {name_key(name) for name in names}
    return party if name_key(party) not in taken else f"{party} (of the table)"


def session_summary(table: Table) -> dict:
    hands = table.hands.filter(finished=True, voided=False)
    per_game = Counter(GAMES[h.game].name for h in hands)
    biggest = None
    for hand in hands:
        pot = sum(a["amount"] for a in (hand.result or {}).get("awards", []))
        if biggest is None or pot > biggest[1]:
            biggest = (hand.number, pot)
    in_order = {g.name: per_game[g.name] for g in GAMES.values() if g.name in per_game}
    return {"hands": hands.count(), "per_game": in_order, "biggest": biggest}
