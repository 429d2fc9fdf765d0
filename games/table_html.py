"""The parts of a table that change at every action, built as HTML here rather than by
the template engine: the opening tag, the header, the middle of the felt, a seat, the
awards and the hand log.

Each is pushed to every screen at the table after every action, where the template
engine was the larger cost (bench/README.md). The rest of the table (the dealer's
choice, act-ahead and the panels) stays in ``templates/table/state.html``. Every piece
of text that is not ours is escaped; numbers are the engine's integers.
"""

from __future__ import annotations

from html import escape

from django.urls import reverse

from games.models import STRUCTURE_CHOICES
from games.rules.cards import faces
from games.rules.catalog import GAMES
from games.rules.hints import low_in_words
from games.rules.history import names_of
from games.rules.names import listed
from games.rules.view import (
    got_back,
    lost_words,
    named_reason,
    paid,
    pot_parts,
    where_won,
    winning,
    won_halves,
)
from games.templatetags.poker import HISTORY_OPEN, card, runs_whole, won_net


def opening(context: dict) -> str:
    """The ``#table`` element's opening tag: the version, the hand's sequence and number."""
    table, hand, last = context["table"], context["hand"], context["last_hand"]
    number = hand.number if hand else (last.number if last else "")
    sequence = hand.sequence if hand else ""
    deadline = (f' data-deadline="{int(hand.deadline.timestamp())}"'
                if hand and hand.deadline else "")  # fmt: skip
    game = f' data-game="{hand.game}"' if hand else ""  # a game's first hand: its intro, as
    declare = hand and context.get("seen") and context["seen"]["stakes"]["declare"]
    if declare:  # this hand declares (the host may have changed it since the page loaded)
        game += f' data-declare="{declare}"'
    if last and last.voided:  # ... which a voided hand did not use up
        game += f' data-after-void="{last.number}"'
    return (f'<div id="table" hx-swap-oob="true" data-version="{table.version}" '
            f'data-seq="{sequence}" data-hand="{number}"{deadline}{game}>\n')  # fmt: skip


STRUCTURE_NAMES = dict(STRUCTURE_CHOICES)
LOW_NAMES = {"ace-to-five": "A-5 low", "ace-to-six": "A-6 low"}


def stakes_text(stakes: dict) -> str:
    """A hand's settings in one line: 'Levy's Game · Half-pot-limit · ante 1 · …'."""
    bits = [GAMES[stakes["game"]].name, STRUCTURE_NAMES.get(stakes["structure"], "")]
    if stakes["ante"]:
        bits.append(f"ante {stakes['ante']}")
    if stakes["big_blind"]:
        bits.append(f"blinds {stakes['small_blind']}/{stakes['big_blind']}")
    if stakes["small_bet"]:
        bits.append(f"bets {stakes['small_bet']}/{stakes['big_bet']}")
    if stakes["raise_cap"] is not None:
        bits.append(f"{stakes['raise_cap']} raises a round")
    if stakes["stake_cap"]:
        bits.append(f"stake cap {stakes['stake_cap']}")
    return " · ".join(bits + declare_terms(stakes["declare"], stakes["low"]))


def declare_terms(declare: str | None, low: str | None) -> list[str]:
    """A declare game's own settings in words: ["vocal declarations", "A-6 low"]."""
    ways = {"chips": "chips in fist", "vocal": "vocal declarations"}
    return ([ways[declare]] if declare else []) + ([LOW_NAMES[low]] if low else [])


def _stakes(context: dict) -> str:
    """This hand's settings, and the next hand's where the host has changed them."""
    this, coming = context["stakes"], context["next_stakes"]
    if this is None:  # between hands: beside the last one's result, say which is which
        last = context["last_hand"] and not context["table"].ended  # (no next: it ended)
        return ("Next hand: " if last else "") + escape(coming)
    html = escape(this)
    if context["stakes_changed"]:
        html += f'<br><span class="next">Next hand: {escape(coming)}</span>'
    return html


def _pots(seen: dict) -> str:
    """The pot, and its parts where there is a side pot (someone is all-in or at the
    stake cap): "pot 11 (9 main, 2 side)"; "pot 17 (9 main, 2 and 6 side)"."""
    return f'pot <strong class="pot">{seen["pot"]}</strong>{pot_parts(seen["pots"])}'


def clock(deadline, seconds: int | None) -> str:
    """The action clock: a bar that drains, with its seconds (table.js keeps it going)."""
    return (f'<span class="clock" data-deadline="{int(deadline.timestamp())}" '
            f'data-total="{seconds or 0}"><span class="clock-bar"></span>'
            '<span class="countdown"></span></span>')  # fmt: skip


def _waiting(seen: dict, names: dict[int, str]) -> str:
    """Who the hand waits for, by name for one or two; for more, how many (their seats
    say "to act"), so that the middle stays short enough to keep clear of the seats."""
    actors = [names.get(s) or f"seat {s}" for s in seen["actors"]]
    if len(actors) == 1:  # a short name is not cut in two, nor "to" and "act" apart
        name = escape(actors[0])
        return (name.replace(" ", "&nbsp;") if len(name) <= 12 else name) + "&nbsp;to&nbsp;act"
    if len(actors) == 2:
        return f"waiting for {escape(listed(actors))}"
    still_in = sum(1 for s in seen["seats"] if not s["folded"])
    if len(actors) == still_in:
        return f"waiting for all&nbsp;{still_in}"  # (the number not alone on a line)
    return f"waiting for {len(actors)} players"


def _step(context: dict) -> str:
    table, hand, seen = context["table"], context["hand"], context["seen"]
    if hand:
        # at dealer's choice the game is named where every eye is (the header may be
        # scrolled away on a phone, and two games share their steps' names)
        game = f" ({GAMES[hand.game].name})" if table.game == "dealers-choice" else ""
        step = f"<strong>{escape(seen['stage'])}</strong>"
        last = " (the last)" if table.ended else ""  # the host ended the game during it
        bits = [f"Hand {hand.number}{last}{escape(game)}: {step}", _pots(seen)]
        if seen["actors"]:
            bits.append(_waiting(seen, context["names"]))
        html = " &middot; ".join(bits)
        if hand.deadline and hand.bank_from:  # the clock ran out: the time bank runs
            seconds = int((hand.deadline - hand.bank_from).total_seconds())
            html += (
                f' &middot; <span class="on-bank">time bank</span>{clock(hand.deadline, seconds)}'
            )
        elif hand.deadline and not set(seen["actors"]) & set(hand.bots):
            html += clock(hand.deadline, table.action_clock)  # (a bot's pause is no clock)
        return html
    if table.ended:  # (the ledger's settle-up is the night's last word)
        ledger = reverse("ledger", args=[table.invite])
        return (f'{_just_won(context)}The game has ended: <a href="{ledger}">the Ledger</a> '
                "says who pays whom.")  # fmt: skip
    if not table.dealing:  # (said alike to the host and the players)
        if context["last_hand"]:
            return _just_won(context) + "Dealing is paused until the host resumes it."
        return "The first hand is dealt when the host starts dealing."
    chooser = context["chooser"]
    if chooser and table.chosen_game and table.game == "dealers-choice":
        picked = f"Dealer's choice: {GAMES[table.chosen_game].name} is picked."  # (the picker
        return f"{_just_won(context)}{escape(picked)} {_coming(table, context)}"  # may have gone)
    if chooser and table.game == "dealers-choice":
        name = escape(context["chooser_name"])
        due = context["choice_due"]
        if table.practice and context["chooser_is_a_bot"]:  # (it picks as the deal comes)
            return _just_won(context) + _coming(table, context)
        return _just_won(context) + (
            f'Dealer\'s choice: waiting for <span class="named" data-named="{chooser}">{name}'
            "</span> to pick the game."  # (to the picker: "for you", static/js/table.js)
            f"{clock(due, table.action_clock) if due else ''}")  # fmt: skip
    if not chooser:  # (the next hand's button: none until two players can be dealt in)
        return _just_won(context) + "The next hand waits for two players who can be dealt in."
    return _just_won(context) + _coming(table, context)


def _coming(table, context: dict) -> str:
    if table.practice:  # the person deals when they have read the result (of hand ``after``)
        url = reverse("player_action", args=[table.invite, "deal-now"])
        after = context["last_hand"].number if context["last_hand"] else 0
        return (f'<form class="deal-now" hx-post="{url}" hx-target="#notice" '
                f'hx-swap="outerHTML"><input type="hidden" name="after" value="{after}">'
                '<button class="primary">Deal the next hand</button></form>')  # fmt: skip
    if not table.next_deal_at:
        return "Next hand coming up."
    at = int(table.next_deal_at.timestamp())  # table.js counts down to it
    return f'<span class="next-deal" data-at="{at}">Next hand coming up shortly.</span>'


def _just_won(context: dict) -> str:
    """Who won the hand just ended, where every eye is (the middle) until the next deal;
    the result below says which pot, which half and why."""
    last, won = context["last_hand"], context["winnings"]
    if not (last and won):
        return ""
    names, halves = context["names"], won_halves(context["awards"])
    back = _gets_back(context)  # (only its own chips back: "gets back", as its seat says)
    alike: dict[tuple[str, int, str], list[str]] = {}  # who won the same, in the same words
    for seat, amount in won.items():
        if amount:
            words = (winning(seat, back), amount, halves.get(seat, ""))
            alike.setdefault(words, []).append(f"<strong>{escape(names.get(seat, ''))}</strong>")
    said = ", ".join(
        f"{who[0]} {verb} {amount}{part}" if len(who) == 1
        else f"{listed(who)} {_PLURAL[verb]} {amount} each{part}"  # "(… side pot 1)", split
        for (verb, amount, part), who in alike.items()
    )  # fmt: skip
    return f'<span class="just-won">Hand {last.number}: {said}.</span><br>' if said else ""


_PLURAL = {"wins": "win", "gets back": "get back"}


def _history_open(table) -> str:
    if not table.history_open:
        return ""
    return f'    <p class="notice history-open">{HISTORY_OPEN[table.practice]}</p>\n'


def status(context: dict) -> str:
    """The table's name and the settings of this hand (and the next, if changed), and the
    last hand one click away."""
    table, hand = context["table"], context["hand"]
    last = ""
    if hand and hand.number > 1:
        review = reverse("review", args=[table.invite, hand.number - 1])
        last = f' <a href="{review}" class="review-link">Review last hand</a>'
    return (f'  <section class="status">\n    <h1>{escape(table.name)}{last}</h1>\n'
            f'    <p class="stakes">{_stakes(context)}</p>\n{_history_open(table)}'
            "  </section>\n")  # fmt: skip


def middle(context: dict) -> str:
    """The middle of the felt: the hand's step and pot, the board and a one-up card."""
    html = [f'    <div class="middle">\n      <p class="step">{_step(context)}</p>\n']
    if context["waiting_for"]:
        html.append(f'      <p class="hint-line">{escape(context["waiting_for"])}</p>\n')
    if context["board"]:
        cards = "".join(card(c["name"]) for c in context["board"])
        html.append(f'      <div class="board" aria-label="board">{cards}</div>\n')
    if context["one_up"]:
        name = escape(context["names"].get(context["one_up_seat"], ""))
        html.append(f'      <div class="one-up"><p>One up for {name}:</p>'
                    f'{card(context["one_up"]["name"])}</div>\n')  # fmt: skip
    html.append("    </div>\n")
    return "".join(html)


def _notes(seat: dict, in_hand: dict | None, context: dict) -> str:
    notes = []
    if in_hand:
        told = context["last_actions"].get(seat["number"], "") if context["hand"] else ""
        if in_hand["folded"] and not told.startswith("Fold"):  # (not on its pill)
            by = context["folded_by"].get(seat["number"])  # (the host's, or the clock's)
            notes.append(f"folded ({by})" if by else "folded")
        if in_hand["all_in"]:
            notes.append("all-in")
        if in_hand.get("capped"):
            notes.append("at the stake cap")
        if in_hand["drew"] is not None and context["hand"]:  # (at the result, the hands)
            by = context["drawn_by"].get(seat["number"])  # (the host's, or the clock's)
            waiting = in_hand.get("awaits_cards")  # (Sviten: its new cards not dealt yet)
            drew = f"{'threw away' if waiting else 'drew'} {in_hand['drew']}"
            declined = context["declined"].get(seat["number"])  # (its one-up card, dead)
            notes.append((drew if in_hand["drew"] else "stood pat")
                         + (f" ({by})" if by else "")
                         + (", then replaced one" if seat["number"] in context["replaced"]
                            else "")
                         + (f", declined the {faces(declined)}" if declined else ""))  # fmt: skip
        seen, hand = context["seen"], context["hand"]
        arranging = hand and hand.game == "levys" and seen["step"] == "arrange"
        if in_hand["arranged"] and arranging and not told.startswith("Order set"):  # (pill)
            notes.append("order set")
        if in_hand["declaration"] and not told.startswith("Declared "):  # not on its pill
            notes.append(f"declared {escape(in_hand['declaration'].title())}")
        elif in_hand["declared"] and not told.startswith("Declared"):
            notes.append("declared")
    last = context["last_hand"]  # (its player's, not one who has sat there since)
    played = last and last.seat_players.get(str(seat["number"])) == seat["player"].pk
    if played and in_hand and not context["hand"] and in_hand["stack"] == 0 < seat["player"].stack:
        notes.append("bought in again")  # lost it all, and rebought as the hand ended
    if seat["player"].sitting_out:  # (a hand it is dealt in plays on to its end)
        notes.append("sits out next hand" if context["hand"] and in_hand else "sitting out")
    elif seat["player"].stack == 0 and not (context["hand"] and in_hand):  # (all-in plays on)
        notes.append("out of chips")
    elif context["hand"] and not in_hand and not context["table"].ended:  # sat down as this
        # hand was played (at an ended game, it is the last)
        notes.append("dealt in next hand")
    if seat["player"].rebuy_request:  # the host's to answer, or added as the hand ends
        then = "asked" if context["table"].approval_required else "next hand"
        notes.append(f"rebuy {seat['player'].rebuy_request} {then}")
    if seat["player"].pk in context["away"]:
        notes.append('<span class="away">away</span>')
    if in_hand and in_hand["to_act"]:
        notes.append("<strong>to act</strong>")
    return "&nbsp;&middot; ".join(notes)  # (a line breaks after a dot: none starts with one)


def seat(seat: dict, context: dict) -> str:
    """One seat as its viewer sees it: who sits there, chips, cards, notes, its last
    action and, in front of it on the felt, its bet in this round."""
    number, player, in_hand = seat["number"], seat["player"], seat["hand"]
    classes = ("seat" + (" me" if seat["is_me"] else "")
               + (" to-act" if in_hand and in_hand["to_act"] else "")
               + (" folded" if in_hand and in_hand["folded"] else "")
               + ("" if player or seat["requested"] else " empty")
               + (" closed" if context["table"].ended and not player else ""))  # fmt: skip
    head = f'    <div class="{classes}" data-seat="{number}" style="--n:{number}">\n'
    if player:
        hand = context["hand"]
        table = context["table"]
        chooser = context["chooser"] if table.game == "dealers-choice" else None
        between = chooser or table.button  # the button's player picks the game before the deal
        button = (hand and in_hand and in_hand["button"]) or (not hand and between == number)
        badge = ' <span class="badge" title="dealer button">D</span>' if button else ""
        chips = in_hand["stack"] if in_hand and hand else player.stack
        bet = in_hand["bet"] if in_hand and hand else 0
        bet = f' <span class="bet" title="bet this round">{bet}</span>' if bet else ""
        to_act = in_hand and in_hand["to_act"]  # (an earlier word is no longer the last)
        said = context["last_actions"].get(number) if hand and not to_act else None
        said = f'      <div class="said">{escape(said)}</div>\n' if said else ""
        won = context["winnings"].get(number) if not hand else None
        if won:
            net = won - context["put_in"].get(number, 0)
            even = "" if net else " even"  # (gold only where it won more than its own)
            said = f'      <div class="said won{even}">{won_net(won, net)}</div>\n'
        elif not hand and (number in context["nothing_won"] or number in context["beaten_short"]):
            why = lost_words(context["nothing_won"].get(number) or context["beaten_short"][number])
            said = f'      <div class="said lost">{escape(why)}</div>\n'
        shown = context["shown_hands"].get(number) if not hand else None
        if shown:  # the showdown: what this hand makes, shown by its seat
            said = f'      <div class="shown">{runs_whole(shown)}</div>\n{said}'
        cards = "".join(card(c["name"], c["up"], c["new"], thrown=c["thrown"])
                        for c in seat["cards"])  # fmt: skip
        bot = ""
        if player.bot:  # between hands "Why?" has it explain its last move of the hand
            why = reverse("explain", args=[table.invite, number])  # (games.views.explain)
            ask = (
                '<button type="button" class="why" '
                f'hx-get="{why}" hx-target="#notice" hx-swap="outerHTML">Why?</button>'
            )
            last = context["last_hand"]  # (only the bot that played it in this seat, and
            played = last and last.seat_players.get(str(number)) == player.pk  # only once
            seen = table.history_open or number in context["shown_hands"]  # its cards may be)
            ask = ask if played and seen and not hand else ""
            bot = ('      <div class="bot-line"><span class="bot" title="played by the '
                   f'computer">bot</span> {ask}</div>\n')  # fmt: skip
        body = (f'      <div class="who"><strong>{escape(player.name)}</strong>{badge}</div>\n{bot}'
                f'      <div class="chips">{chips}{bet}</div>\n'
                f'      <div class="cards">{cards}</div>\n'
                f'      <div class="notes">{_notes(seat, in_hand, context)}</div>\n'
                f"{said}")  # fmt: skip
    elif seat["requested"]:
        body = (f'      <div class="who">{escape(seat["requested"].name)}</div>'
                '<div class="notes">waiting for the host</div>\n')  # fmt: skip
    elif context["table"].ended:  # nobody sits down at an ended game: no seat is shown
        body = ""
    else:  # "Sit here" for those who may sit; for the seated, "4 free" (the CSS picks)
        body = (f'      <button type="button" class="sit-here" data-seat="{number}">Sit here'
                f'<span class="hint"> (seat {number})</span></button>\n'
                f'      <span class="free" title="seat {number} is free">{number} free'
                "</span>\n")  # fmt: skip
    return f"{head}{body}    </div>\n"


def log(lines: list[str], first: int = 1) -> str:
    """The last lines of the hand log, oldest first, numbered as in the whole log
    (``first``: the number of the first line shown)."""
    if not lines:
        return ""
    items = "".join(f"<li>{escape(line)}</li>" for line in lines)
    start = f' start="{first}"' if first > 1 else ""
    # tabindex: the list scrolls, so the keyboard must be able to reach it
    return (
        f'  <section class="log"><h2 id="log-title">Hand log</h2>'
        f'<ol tabindex="0" aria-labelledby="log-title"{start}>{items}</ol></section>\n'
    )


def _award(award: dict, back: set[int] = frozenset()) -> str:
    """One of the hand's ``awards`` (or a hand beaten, which has no amount) as a line; a
    seat in ``back`` won only its own chips, and "gets back" them, as the middle says."""
    text = f"<strong>{escape(award['name'])}</strong>"
    if paid(award):
        where = ", ".join(where_won(award))
        text += f" {winning(award.get('seat'), back)} {award['amount']}"
        text += f" &middot; {escape(where)}" if where else ""
    elif award.get("pots"):  # (nothing won: which pots, where there are side pots)
        text += f" &middot; {escape(listed(award['pots']))}"
    if award.get("hand"):  # Sviten's Omaha half names its cards: "Js Ts with ..." as J♠ 10♠
        text += f" &middot; {escape(faces(low_in_words(award['hand'])))}"
    return f"<li>{text} &middot; <em>{escape(award.get('reason', ''))}</em></li>"


def _winners_first(awards: list[dict]) -> list[dict]:
    """The awards that paid first, then those that paid nothing (a failed Both declarer),
    each of those once for all the pots it is the same in, named where there are side pots
    (``pots``): the same seat may have won another pot."""
    won = [a for a in awards if paid(a)]
    several = len({a.get("pot") for a in awards}) > 1
    unpaid: dict[tuple, dict] = {}
    for a in awards:
        if not paid(a):
            line = unpaid.setdefault((a.get("seat"), a.get("reason")), dict(a, pots=[]))
            line["pots"] += [a["pot"]] if several and a.get("pot") else []
    return won + list(unpaid.values())


def awards(context: dict) -> str:
    """Who won what, and why, once the hand is over (or that the host voided it)."""
    last, hand = context["last_hand"], context["hand"]
    if hand and hand.sequence == 0 and last and last.result and not last.voided:
        # the last hand's result stays until the new hand's first action
        # ... by the name of each hand, without its cards (Sviten's "Omaha: ...: Js Ts with"),
        # and each seat by who played it then (it may have changed hands since)
        kept, names = last.result["awards"], names_of(last.document)
        named = [dict(a, name=names.get(a["seat"], ""), hand=a["hand"].split(":")[0],
                      reason=named_reason(a, names)) for a in kept]  # fmt: skip
        back = got_back(last.document, last.result)
        items = "".join(_award(a, back) for a in _winners_first(named))
        items += "".join(_award({"name": names.get(seat, ""), "reason": why,
                                 "hand": shown})
                         for seat, why, shown in context["last_beaten"])  # fmt: skip
        return (f'  <section class="awards"><h2>Hand {last.number} result{_review(context, last)}'
                f"</h2><ul>\n    {items}\n  </ul></section>\n")  # fmt: skip
    if not hand and last and last.voided:
        return (f'  <section class="awards voided"><h2>Hand {last.number} voided</h2>'
                f"<p>The host voided hand {last.number}; every bet was returned.</p>"
                "</section>\n")  # fmt: skip
    if not context["awards"]:
        return ""
    hand = context["hand"] or context["last_hand"]
    number = hand.number if hand else ""
    back = _gets_back(context)
    items = "".join(_award(a, back) for a in _winners_first(context["awards"]))
    items += "".join(  # a hand shown that won nothing: who beat it
        _award({"name": context["names"].get(seat, ""), "reason": why,
                "hand": context["shown_hands"].get(seat, "")})
        for seat, why in context["beaten"].items()
    )  # fmt: skip
    return (f'  <section class="awards"><h2>Hand {number} result{_review(context, hand)}</h2>'
            f"<ul>\n    {items}\n  </ul></section>\n")  # fmt: skip


def _gets_back(context: dict) -> set[int]:
    """The seats of the hand just ended that won exactly what they put in: their own back."""
    put_in = context["put_in"]
    return {seat for seat, won in context["winnings"].items() if won and won == put_in.get(seat)}


def _review(context: dict, hand) -> str:
    """A link to step through ``hand`` once it is over."""
    if not hand:
        return ""
    review = reverse("review", args=[context["table"].invite, hand.number])
    return f' <a href="{review}" class="review-link">Review hand {hand.number}</a>'
