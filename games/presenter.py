"""What one browser is shown of a table: built only from the engine's view for its seat.

Nothing here reads a card from anywhere but ``games.rules.view.view``, so a page or a
push can hold no card its viewer may not see.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from functools import lru_cache

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from games import chat_html, controls, table_html
from games.models import GAME_CHOICES, STRUCTURE_CHOICES, Player, Table
from games.rules.cards import faces_named, marked
from games.rules.catalog import FORCED_BETS, GAMES, house_rules, house_words
from games.rules.hand import ABSENT_WORDS
from games.rules.hints import hand_in_words, hint_for_actor, hint_for_others, what_next
from games.rules.history import choice_text, names_of
from games.rules.view import (
    beaten_words,
    betting_name,
    got_back,
    last_actions,
    named_reason,
    stakes,
    taken_for,
    where_won,
    winning,
)
from games.rules_pages import rules_link
from games.state import TableSnapshot, choice_due, dealt_in, keep, snapshot


def event_text(event: dict, names: dict[int, str], back: frozenset[int] = frozenset()) -> str:
    """One line of the live hand log; an action made for an absent player says by whom.
    ``back``: the seats of a finished hand that won only their own chips ("gets back")."""
    who = names.get(event.get("seat"), f"seat {event.get('seat')}")
    marks = marked(names)  # "Q♠", as on the cards; a player called "As" stays "As"
    wins = winning(event.get("seat"), back)
    line = _event_line(event, marks.get(event.get("seat"), who), marks, wins)
    text = faces_named(line, names)
    by = event.get("by")
    if event["event"] == "chosen":
        return choice_text(event, names)  # says by whom itself
    if by == "clock":
        return f"{text} (clock)"
    if by == "host":
        return f"{text} (by the host)"
    return text


def _event_line(event: dict, who: str, names: dict[int, str], wins: str = "wins") -> str:
    kind = event["event"]
    simple = {
        "fold": f"{who} folds",
        "check": f"{who} checks",
        "arranged": f"{who} has set a reveal order",
        "declared": f"{who} has declared",
        "keep": f"{who} keeps all five",
        "take": f"{who} takes the {event.get('card')}",
        "decline": f"{who} declines the {event.get('card')}: it is dead",
        "deal": "Five cards dealt to each player",
        "showdown": "Showdown",
        "reshuffle": "The stub ran out: the muck is reshuffled",
    }
    if kind in simple:
        return simple[kind]
    if kind in ("ante", "small blind", "big blind"):
        return f"{who} posts the {kind} of {event['amount']}"
    if kind in ("call", "bet", "raise"):
        amount = f"{'to ' if kind == 'raise' else ''}{event.get('amount')}"
        spent = (" and is all-in" if event.get("all_in")
                 else " and is at the stake cap" if event.get("capped") else "")  # fmt: skip
        return f"{who} {kind}s {amount}{spent}"
    if kind == "betting round":
        name = betting_name(event["name"])
        if event.get("first") is None:
            return f"{name} skipped: {event.get('skipped', 'nobody can bet')}"
        return f"{name}: {names.get(event['first'], '')} first"
    count = event.get("count", 0)
    if kind == "draw":
        return f"{who} {'stands pat' if not count else f'draws {count}'}"
    if kind == "lock":
        return f"{who} {'will stand pat' if not count else f'throws away {count}'}"
    if kind == "served":
        return f"{who} is dealt {count}" if count else f"{who} stands pat"
    if kind == "reveal":
        shown = ", ".join(f"{names.get(int(s), s)} {c}" for s, c in event["cards"].items())
        return f"Card {event['number']} up: {shown}"
    if kind == "replace":
        if event["face_up"]:
            return f"{who} replaces the {event['card']}: {event['new']} comes up"
        return f"{who} replaces the hole card: the new one comes down"
    if kind == "one up":
        return f"One up for {who}: {event['card']}"
    if kind == "board":
        return f"{event['name']}: {' '.join(event['cards'])}"
    if kind == "declare":
        return f"{who} declares {event['declaration'].title()}"
    if kind == "declarations":
        shown = ", ".join(
            f"{names.get(int(s), s)} {d.title()}" for s, d in event["declarations"].items()
        )
        return f"The fists open: {shown}"  # (as the review and the text log say it)
    if kind == "uncalled":
        return f"{event['amount']} uncalled returned to {who}"
    if kind == "award":
        where = where_won(event)
        return f"{who} {wins} {event['amount']}" + (f" ({', '.join(where)})" if where else "")
    return kind


@dataclass
class Viewer:
    player: Player | None
    is_host: bool
    refused: bool = False  # the host turned down this browser's request for a seat
    ended_player: bool = False  # played the game the host has ended: may chat on
    ended_muted: bool = False  # ... but the host muted them: told so

    @property
    def seat(self) -> int | None:
        return self.player.seat if self.player and self.player.status == Player.SEATED else None


def _bet_presets(legal: dict, structure: str) -> list[tuple[str, int]]:
    """The quick amounts for a bet or raise, each labelled with what it is: half the pot
    and the pot where they fall inside the limits, then the most allowed, named by what
    stops it there (the whole stack, the stake cap or the pot)."""
    low, high = legal["min_to"], legal["max_to"]
    if low == high:
        return []
    base = legal["bet_already"] + legal["call"]
    pot_size = legal["pot"] + legal["call"]
    half, full = base + pot_size // 2, base + pot_size
    presets = [(f"Min {low}", low)]
    for label, amount in (("Half pot", half), ("Pot", full)):
        if low < amount < high and amount not in (a for _, a in presets):
            presets.append((f"{label} {amount}", amount))
    return [*presets, (_most_label(legal, structure, half, full), high)]


def _most_label(legal: dict, structure: str, half: int, full: int) -> str:
    high = legal["max_to"]
    if high == legal.get("all_in_to"):
        return f"All-in {high}"
    if high == legal.get("cap_to"):
        return f"Max {high} (stake cap)"
    if structure == "pot-limit" and high == full:  # (the most, as the stake cap's says it:
        return f"Max {high} (pot)"  # a "Half pot" beside it is a middle choice at pot-limit)
    if structure == "half-pot-limit" and high == half:
        return f"Max {high} (half pot)"
    return f"Max {high}"


def viewer_of(
    table: Table, session_key: str | None, is_host: bool, shot: TableSnapshot | None = None
) -> Viewer:
    """The viewer behind a session, from the snapshot (no query of its own)."""
    shot = shot or snapshot(table)
    player = next((p for p in shot.players if session_key and p.session_key == session_key),
                  None)  # fmt: skip
    refused = player is None and session_key in shot.refused
    ended = next((p for p in shot.ended_game if session_key and p.session_key == session_key),
                 None) if player is None else None  # fmt: skip
    return Viewer(player, is_host, refused, bool(ended and not ended.muted),
                  bool(ended and ended.muted))  # fmt: skip


LOG_SHOWN = 14  # the hand log's latest lines on the table (the review has them all)

PLAYER_ACTIONS = ("sit-out", "rebuy", "cash-out")
HOST_ACTIONS = ("dealing", "void", "seat", "rebuy", "act-for", "choose-for", "bot", "sit-out",
                "adjust", "remove", "settings", "mute", "end", "open")  # fmt: skip


class TableUrls(dict):
    """A table's form URLs: all follow from its invite, which is all its repr shows (it
    is part of render_shown's keys)."""

    def __init__(self, invite: str) -> None:
        super().__init__()
        self.invite = invite

    def __repr__(self) -> str:
        return f"TableUrls({self.invite!r})"


@lru_cache(maxsize=1024)
def action_urls(invite: str) -> TableUrls:
    """Where a table's forms post, worked out once per table rather than on every push."""
    urls = TableUrls(invite)
    urls["join"] = reverse("join", args=[invite])
    urls["chat"] = reverse("chat", args=[invite])
    for what in PLAYER_ACTIONS:
        urls[what.replace("-", "_")] = reverse("player_action", args=[invite, what])
    for what in HOST_ACTIONS:
        urls["host_" + what.replace("-", "_")] = reverse("host_action", args=[invite, what])
    return urls


def table_context(
    table: Table, viewer: Viewer, shot: TableSnapshot | None = None, every_seat: bool = True
) -> dict:
    """What the templates read for ``viewer``; its "seats" are every seat, or with
    ``every_seat`` False only the viewer's own (the others come from the shared parts)."""
    shot = shot or snapshot(table)
    views = shot.views
    seen = views[viewer.seat if viewer.seat in views else None] if views is not None else None
    common = _common_context(table, shot)
    view_seats = {s["seat"]: s for s in seen["seats"]} if seen else {}
    numbered = common["seat_players"]
    if not every_seat:
        numbered = [seat for seat in numbered if seat["number"] == viewer.seat]
    seats = [
        {
            **seat,
            "hand": view_seats.get(seat["number"]),
            "cards": [_card(c) for c in view_seats[seat["number"]]["cards"]]
            if seat["number"] in view_seats else [],
            "is_me": viewer.seat == seat["number"],
        }
        for seat in numbered
    ]  # fmt: skip
    legal = seen["legal"] if seen and shot.hand is not None else None
    me_in_hand = view_seats.get(viewer.seat) if viewer.seat else None
    return {
        **common,
        "table": table,
        "viewer": viewer,
        "me": viewer.player,
        "seen": seen,
        "seats": seats,
        "legal": legal,
        "presets": _bet_presets(legal, seen["structure"])
        if legal and legal.get("raise_kind")
        else [],
        "my_cards": [_card(c) for c in (me_in_hand["cards"] if me_in_hand else [])],
        "my_hand": _hand_words(seen, me_in_hand),
        "dealt_in": shot.hand is not None and bool(me_in_hand),
        "out_of_chips": _out_of_chips(viewer.player, shot.hand is not None and bool(me_in_hand)),
        "rebuy_offer": _rebuy_offer(viewer.player, shot.table),
        "rebuy_room": max(0, shot.table.max_buy_in - viewer.player.stack) if viewer.player else 0,
        "ended_game": shot.ended_game if shot.table.ended and shot.hand is None else None,
    }


def _card(seen: dict) -> dict:
    """A card as the view has it, for ``card``: its name (None: face down), whether it is
    up, and for the viewer's own whether it was just drawn, or thrown away for a new one
    still to come."""
    return {
        "name": seen["card"],
        "up": seen["up"],
        "new": seen.get("new", False),
        "thrown": seen.get("thrown", False),
    }


def _rebuy_offer(me: Player | None, table: Table) -> int:
    """The rebuy offered to a player out of chips: what they first bought in for (the most
    a rebuy may bring a stack to, if that is less), not the most, one careless tap away."""
    return min(me.buy_in if me and me.buy_in else table.max_buy_in, table.max_buy_in)


def _out_of_chips(me: Player | None, in_hand: bool) -> bool:
    """Whether the viewer sits with no chips and nothing to play (all-in in a hand is
    playing) and has asked for none: the next deals pass them by until they rebuy."""
    seated = me is not None and me.status == Player.SEATED
    return seated and me.stack == 0 and not in_hand and not me.rebuy_request


def _last_hand_players(last) -> dict[int, Player]:
    """An ended game's felt keeps its last hand's seats, showdown and all, though everyone
    has been cashed out: each seat's player as that hand left them (a stand-in, unsaved)."""
    if last.voided or not last.result:
        return {}
    stacks = last.result.get("stacks", {})
    return {seat: Player(name=name, seat=seat, stack=stacks.get(str(seat), 0),
                         bot=seat in last.bots, status=Player.LEFT)
            for seat, name in names_of(last.document).items()}  # fmt: skip


def _common_context(table: Table, shot: TableSnapshot) -> dict:
    """The context every viewer of this version shares (from the spectator's view), made
    once per version."""
    if "context" in shot.shared:
        return shot.shared["context"]
    players, hand, views = shot.players, shot.hand, shot.views
    public = views[None] if views is not None else None
    by_seat = {p.seat: p for p in players if p.status == Player.SEATED}
    if table.ended and hand is None and shot.last is not None:
        by_seat = _last_hand_players(shot.last)
    requested = {p.seat: p for p in players if p.status == Player.REQUESTED}
    seated = {p.seat: p.name for p in players if p.seat}
    names = dict(seated)  # the hand's lines name its own players, though they have left since
    if public:
        names.update({s["seat"]: s["name"] for s in public["seats"] if s["name"]})
    seat_players = [
        {"number": n, "player": by_seat.get(n), "requested": requested.get(n)}
        for n in range(1, table.seat_count + 1)
    ]
    one_up = public["one_up"] if public else None
    ended = hand if hand is not None else shot.last  # (the hand whose log is shown)
    back = frozenset(got_back(ended.document, ended.result) if ended and ended.result else ())
    common = shot.shared["context"] = {
        "urls": action_urls(table.invite),
        "hand": hand,
        "last_hand": shot.last,
        "seat_players": seat_players,
        "board": [{"name": c} for c in public["board"]] if public else [],
        "one_up": {"name": one_up["card"]} if one_up else None,
        "one_up_seat": one_up["seat"] if one_up else None,
        "log": [event_text(e, names, back) for e in public["log"][-LOG_SHOWN:]] if public else [],
        "log_first": max(1, len(public["log"]) - LOG_SHOWN + 1) if public else 1,
        "last_actions": last_actions(public["log"], public["step"]) if public else {},
        "drawn_by": taken_for(public["log"], ("draw", "lock")) if public else {},
        "folded_by": taken_for(public["log"], ("fold",)) if public else {},
        "replaced": {e["seat"] for e in public["log"] if e["event"] == "replace"}
        if public else set(),  # (Levy's replace-one, after the draw)
        "declined": {e["seat"]: e["card"] for e in public["log"] if e["event"] == "decline"}
        if public else {},  # (Sviten's one-up card, dead)
        "awards": [dict(a, name=names.get(a["seat"], ""),
                        reason=named_reason(a, names))
                   for a in public["awards"]] if public else [],
        "winnings": _winnings(public["awards"]) if public else {},
        "put_in": {s["seat"]: s["in_pot"] for s in public["seats"]} if public else {},
        "nothing_won": {a["seat"]: named_reason(a, names)
                        for a in public["awards"] if a["half"] == "none"}
        if public else {},  # a failed Both declarer, told why by their seat
        "shown_hands": public["shown_hands"] if public else {},
        "beaten": beaten_words(public["beaten"], names) if public else {},
        "beaten_short": beaten_words(public["beaten"], names, short=True) if public else {},
        "last_beaten": _last_beaten(hand, shot.last),
        "waiting_for": hint_for_others(public, names) if public and hand else "",
        "game_name": GAMES[hand.game].name if hand else None,
        "stakes": table_html.stakes_text(public["stakes"]) if hand and public else None,
        "next_stakes": next_stakes(table, hand),
        "stakes_changed": bool(hand and public) and _stakes_changed(table, hand, public),
        "games": _game_choices(table, seat_players),
        "chooser": shot.button_next,
        "chooser_name": seated.get(shot.button_next, ""),
        "chooser_is_a_bot": any(p.bot and p.seat == shot.button_next for p in players
                                if p.status == Player.SEATED),
        "choice_due": choice_due(shot),
        "waiting": [p for p in players if p.status == Player.REQUESTED],
        "free_seats": [s["number"] for s in seat_players
                       if not s["player"] and not s["requested"]],
        "rebuys": [p for p in players if p.rebuy_request],
        "names": names,
        "game_choices": GAME_CHOICES,
        "structure_choices": STRUCTURE_CHOICES,
        "chat": shot.chat,
        "away": shot.away,
        "house": HOUSE,  # (for the host's settings)
    }  # fmt: skip
    return common


def _last_beaten(hand, last) -> list[tuple[int, str, str]]:
    """While a new hand waits for its first action, the last one's hands that won nothing:
    each seat, who beat it, and what it made (as kept in the last hand's result), named
    as the hand was played (a seat may have changed hands since)."""
    if not (hand and hand.sequence == 0 and last and last.result):
        return []
    kept = last.result.get("beaten", [])
    why = beaten_words({seat: ways for seat, ways, _ in kept}, names_of(last.document))
    return [(seat, why[seat], shown) for seat, _, shown in kept]


def _hand_words(seen: dict | None, mine: dict | None) -> str:
    """What the viewer's own cards make now, while they are in the hand."""
    if not (seen and mine) or mine["folded"] or seen["finished"]:
        return ""
    cards = tuple(c["card"] for c in mine["cards"])
    return _words_for(cards, tuple(seen["board"]), seen["game"], seen["stakes"]["low"])


@lru_cache(maxsize=4096)
def _words_for(cards: tuple, board: tuple, game: str, low: str | None) -> str:
    """``hand_in_words``, worked out once for the same cards: a player's cards and the
    board stay the same over most versions of a hand."""
    return hand_in_words(list(cards), list(board), game, low)


def _winnings(awards: list[dict]) -> dict[int, int]:
    """What each seat won at the end of a hand, all pots and halves together."""
    won: dict[int, int] = {}
    for award in awards:
        if award["amount"]:
            won[award["seat"]] = won.get(award["seat"], 0) + award["amount"]
    return won


def next_stakes(table: Table, hand) -> str:
    """The settings the next hand will be dealt with, in words; at dealer's choice before
    the game is chosen, the betting and stakes all its games share."""
    from games.services import hand_config  # (imported late: games.notices renders here)

    game = table.game
    if game == "dealers-choice":
        game = None if hand else table.chosen_game  # the next is chosen after this hand
        if not game:  # (Sviten has no declare settings: what is left is shared by all)
            shared = table_html.stakes_text(stakes(hand_config(table, "sviten")))
            return "Dealer's choice" + shared.removeprefix(GAMES["sviten"].name)
    return table_html.stakes_text(stakes(hand_config(table, game)))


def _stakes_changed(table: Table, hand, public: dict) -> bool:
    """Whether the host has changed the settings shown since ``hand`` was dealt (at
    dealer's choice, the next game being chosen is no change; a hand dealt there says who
    chose its game)."""
    from games.services import hand_config

    choice = table.game == "dealers-choice"
    if choice != ("chosen" in hand.document):
        return True  # to dealer's choice from one game, or back
    now = table_html.stakes_text(stakes(hand_config(table, hand.game if choice else table.game)))
    return now != table_html.stakes_text(public["stakes"])


STATE = "table/state.html#"
RENDER_LIMIT = 20000
_renders: OrderedDict[str, str] = OrderedDict()


def render_shown(part: str, shown: dict) -> str:
    """Render ``part`` from ``shown`` alone (plain data: exactly what the part shows), and
    keep the result by that data: what did not change between two versions is not
    rendered again. Only the viewer who was shown ``shown`` can ever get it back."""
    key = part + repr(shown)  # plain data built in a fixed order: equal data, equal text
    html = _renders.get(key)
    if html is None:
        html = render_to_string(STATE + part, shown)
        keep(_renders, key, html, RENDER_LIMIT)
    return html


def controls_html(context: dict) -> str:
    """The viewer's controls: the player to act has the step's forms; a player waiting
    for their turn in a betting round may choose an action ahead."""
    legal, hand = context["legal"], context["hand"]
    if not legal:
        return _act_ahead(context)
    seen = context["seen"]
    return controls.forms(legal, hand.sequence, hand.game, seen["stakes"]["declare"],
                          context["presets"], context["my_cards"], seen["stage"],
                          f"{hint_for_actor(seen)} {what_next(seen)}".strip(), context["my_hand"],
                          rules_link(hand.game, legal["step"],
                                     any(c.get("up") for c in context["my_cards"])),
                          _one_up_makes(legal, context["my_cards"], seen))  # fmt: skip


def _one_up_makes(legal: dict, cards: list[dict], seen: dict) -> str:
    """What the viewer's cards make with the one-up card taken for the one thrown."""
    if legal["step"] != "one-up":
        return ""
    held = tuple(legal["card"] if c["name"] == legal["for"] else c["name"] for c in cards)
    return _words_for(held, tuple(seen["board"]), seen["game"], seen["stakes"]["low"])


def _act_ahead(context: dict) -> str:
    """For a player in the hand whose turn it is not: what their cards make and, in a
    betting round, 'Check/fold' and 'Call any' ahead of their turn (table.js acts on them
    when it comes, and clears them when the round ends)."""
    seen, me = context["seen"], context["viewer"].seat
    mine = next((s for s in seen["seats"] if s["seat"] == me), None) if seen else None
    if not (context["hand"] and mine) or mine["folded"]:
        return ""
    betting = seen["step"] == "betting" and not (mine["all_in"] or mine["capped"])
    drawn = any(c["new"] for c in context["my_cards"])  # the key to the blue dots
    thrown = sum(c["thrown"] for c in context["my_cards"])  # (Sviten: new ones to come)
    return render_shown("ahead", {"betting": betting, "round": seen["stage"],
                                  "hand": context["my_hand"], "drawn": drawn,
                                  "thrown": thrown})  # fmt: skip


def choose_html(context: dict) -> str:
    """Dealer's choice: the game buttons, for the player on the button between hands until
    they pick; a game that cannot seat the players to be dealt in says so, unpressable."""
    if context["hand"]:
        return render_shown("choose", {"hand": True})  # never during a hand
    table = context["table"]
    return render_shown("choose", {
        "hand": False,
        "chooser": context["chooser"],
        "table": {"game": table.game, "dealing": table.dealing, "chosen": table.chosen_game},
        "viewer": {"seat": context["viewer"].seat},
        "games": context["games"],
    })  # fmt: skip


def _game_choices(table: Table, seat_players: list[dict]) -> list[dict]:
    """Dealer's choice's games: a game that cannot seat the players to be dealt in says
    so (``seats``); High-Low Declare says how this table declares (``terms``)."""
    dealt = len(dealt_in([s["player"] for s in seat_players if s["player"]]))
    terms = {"high-low-declare": ", ".join(table_html.declare_terms(table.declare, table.low))}
    return [{"slug": g.slug, "name": g.name, "terms": terms.get(g.slug, ""),
             "seats": "" if g.min_seats <= dealt <= g.max_seats
             else f"for {g.min_seats} to {g.max_seats} players"}
            for g in GAMES.values()]  # fmt: skip


def host_start(context: dict) -> str:
    """What waits for the host, by the felt (above it until the first deal, then right
    under it): the seats and rebuys asked for, and "Start dealing" while the table waits
    for it."""
    table, urls = context["table"], context["urls"]
    if not context["viewer"].is_host:
        return ""
    seats = [(p.pk, p.seat, p.name, p.buy_in) for p in context["waiting"]]
    rebuys = [(p.pk, p.name, p.rebuy_request) for p in context["rebuys"]
              if table.approval_required]  # fmt: skip
    act_for, choose_for = _away_and_asked(context)
    as_clock = ABSENT_WORDS.get(context["seen"]["step"], "") if act_for else ""
    asks = ""
    if seats or rebuys or act_for or choose_for:
        asks = render_shown("asks", {"seats": seats, "rebuys": rebuys, "act_for": act_for,
                                     "choose_for": choose_for, "as_clock": as_clock,
                                     "sequence": context["hand"].sequence if act_for else 0,
                                     "seat_url": urls["host_seat"],
                                     "rebuy_url": urls["host_rebuy"],
                                     "act_url": urls["host_act_for"],
                                     "choose_url": urls["host_choose_for"]})  # fmt: skip
    if table.dealing or table.ended:  # (an ended game: its host tools open it again)
        return asks
    hand, dealt_before = context["hand"], bool(context["hand"] or context["last_hand"])
    return asks + render_shown("start", {"url": urls["host_dealing"], "mid_hand": bool(hand),
                                         "dealt_before": dealt_before})  # fmt: skip


def _away_and_asked(context: dict) -> tuple[list[tuple[int, str]], str]:
    """The players the host may stand in for now (RULES.md §6): those away and to act
    (seat, name), and the name of the one away on the button at dealer's choice."""
    table, hand, away, seen = context["table"], context["hand"], context["away"], context["seen"]
    people = {s["number"]: s["player"] for s in context["seat_players"]
              if s["player"] and not s["player"].bot}  # fmt: skip
    if hand:
        actors = seen["actors"] if seen else []
        return [(n, people[n].name) for n in actors if n in people and people[n].pk in away], ""
    chooser = context["chooser"]
    if table.game != "dealers-choice" or not chooser or table.chosen_game or not table.dealing:
        return [], ""
    player = people.get(chooser)
    return [], player.name if player and player.pk in away else ""


# Each game's house betting, for the host's settings to offer when the game is changed:
# what its words name (structure, forced bets, raise cap) and no other setting.
BETTING = ("structure", "ante", "small_blind", "big_blind", "small_bet", "big_bet", "raise_cap")
HOUSE = {game: {"name": GAMES[game].name, "words": house_words(game),
                "settings": {k: v for k, v in house_rules(game).items() if k in BETTING}}
         for game in FORCED_BETS}  # fmt: skip


def panels_html(context: dict) -> str:
    """The viewer's own panel (take a seat, or sit out, rebuy, cash out), and the host's."""
    if context["viewer"].is_host:
        return render_to_string(STATE + "panels", context)
    me, table = context["me"], context["table"]
    return render_shown("panels", {
        "me": {"name": me.name, "seat": me.seat, "status": me.status, "stack": me.stack,
               "sitting_out": me.sitting_out, "rebuy_request": me.rebuy_request} if me else None,
        "free_seats": context["free_seats"],
        "out_of_chips": context["out_of_chips"],
        "rebuy_offer": context["rebuy_offer"],
        "rebuy_room": context["rebuy_room"],
        "dealt_in": context["dealt_in"],
        "refused": context["viewer"].refused,
        "urls": context["urls"],
        "table": {"min_buy_in": table.min_buy_in, "max_buy_in": table.max_buy_in,
                  "approval_required": table.approval_required, "chip_value": table.chip_value,
                  "ended": table.ended, "invite": table.invite},
    })  # fmt: skip


def shared_parts(shot: TableSnapshot) -> dict:
    """The parts every viewer sees alike, rendered once per table version in this process
    (or received from the process that made the version) from the spectator's view:
    nothing private can be in them."""
    if "parts" in shot.shared:
        return shot.shared["parts"]
    table = shot.table
    context = table_context(table, Viewer(None, False), shot)
    parts = {"open": table_html.opening(context), "status": table_html.status(context),
             "middle": table_html.middle(context), "awards": table_html.awards(context),
             "log": table_html.log(context["log"], context["log_first"]),
             "chat": chat_html.lines(context)}  # fmt: skip
    parts["seats"] = {seat["number"]: table_html.seat(seat, context) for seat in context["seats"]}
    shot.shared["parts"] = parts
    return parts


def parts_message(parts: dict) -> dict:
    """``parts`` as a channel layer carries them (text keys only)."""
    return {**parts, "seats": {str(n): html for n, html in parts["seats"].items()}}


def receive_parts(shot: TableSnapshot, message: dict) -> None:
    """Keep the parts another process rendered for ``shot``'s version, from its notice."""
    parts = message.get("parts")
    if parts is not None and "parts" not in shot.shared and shot.version == message["version"]:
        shot.shared["parts"] = {**parts, "seats": {int(n): h for n, h in parts["seats"].items()}}


def render_table(table: Table, viewer: Viewer, shot: TableSnapshot | None = None) -> str:
    """The #table fragment for one viewer (first load and every push): the shared parts,
    and this viewer's own seat, controls and panels. With ``shot`` it reads no database."""
    shot = shot or snapshot(table)
    table = shot.table  # the version shown (a page's table may have been read before it)
    shared = shared_parts(shot)
    context = table_context(table, viewer, shot, every_seat=viewer.is_host)  # host: panel
    mine = next((seat for seat in context["seats"] if seat["is_me"]), None)
    own = mine["number"] if mine else None
    seats = "".join(
        table_html.seat(mine, context) if number == own else shared["seats"][number]
        for number in range(1, table.seat_count + 1)
    )
    personal = {"controls": controls_html(context), "choose": choose_html(context),
                "panels": panels_html(context), "chat": chat_html.say_box(context)}  # fmt: skip
    # The felt turns so that the viewer's own seat is at the bottom (static/css).
    felt = (f'\n  <section class="felt{" seated" if own else ""}" aria-label="the table" '
            f'style="--me:{own or 1};--seats:{table.seat_count}">\n')  # fmt: skip
    # Every piece is an autoescaped template's output or built with escape(): safe HTML.
    # The last hand's result comes right under the felt, then the chat (a drawer on a phone,
    # a column at the side on a wide screen). Your own panel (the host's tools too) comes
    # before the hand log, the last thing read.
    # The host's "Start dealing" (and who asks to sit) goes above the felt until the first
    # deal, where a laptop shows it without scrolling; then right under the felt.
    start = host_start(context)
    first = not (table.dealing or context["hand"] or context["last_hand"])
    return mark_safe("".join((
        shared["open"], shared["status"], start if first else "", felt, shared["middle"], seats,
        "  </section>\n", "" if first else start, personal["controls"],
        shared["awards"], personal["choose"],
        chat_html.section(shared["chat"], personal["chat"]),
        personal["panels"], shared["log"], "</div>\n",
    )))  # fmt: skip
