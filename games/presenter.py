"""What one browser is shown of a table: built only from the engine's view for its seat.

Nothing here reads a card from anywhere but ``games.rules.view.view``, so a page or a
push can hold no card its viewer may not see.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from games.models import GAME_CHOICES, STRUCTURE_CHOICES, Player, Table
from games.rules.catalog import GAMES
from games.state import TableSnapshot, snapshot


def event_text(event: dict, names: dict[int, str]) -> str:
    who = names.get(event.get("seat"), f"seat {event.get('seat')}")
    kind = event["event"]
    simple = {
        "fold": f"{who} folds",
        "check": f"{who} checks",
        "arranged": f"{who} has set a reveal order",
        "declared": f"{who} has declared",
        "keep": f"{who} keeps all five",
        "take": f"{who} takes the {event.get('card')}",
        "decline": f"{who} declines the {event.get('card')}: it is dead",
    }
    if kind in simple:
        return simple[kind]
    if kind in ("ante", "small blind", "big blind"):
        return f"{who} posts the {kind} of {event['amount']}"
    if kind in ("call", "bet", "raise"):
        return f"{who} {kind}s {'to ' if kind == 'raise' else ''}{event.get('amount')}"
    if kind == "deal":
        return "Five cards dealt to each player"
    if kind == "betting round":
        return f"{event['name']} betting: {names.get(event['first'], '')} first"
    if kind in ("draw", "lock", "served"):
        count = event.get("count", 0)
        return f"{who} {'stands pat' if not count else f'draws {count}'}"
    if kind == "reveal":
        shown = ", ".join(f"{names.get(int(s), s)} {c}" for s, c in event["cards"].items())
        return f"Card {event['number']} up: {shown}"
    if kind == "replace":
        if event["face_up"]:
            return f"{who} replaces the {event['card']}: {event['new']} comes up"
        return f"{who} replaces the hole card"
    if kind == "one up":
        return f"One up for {who}: {event['card']}"
    if kind == "board":
        return f"{event['name']}: {' '.join(event['cards'])}"
    if kind == "reshuffle":
        return "The stub ran out: the muck is reshuffled"
    if kind == "declare":
        return f"{who} declares {event['declaration'].title()}"
    if kind == "declarations":
        shown = ", ".join(
            f"{names.get(int(s), s)}: {d.title()}" for s, d in event["declarations"].items()
        )
        return f"Fists open: {shown}"
    if kind == "showdown":
        return "Showdown"
    if kind == "uncalled":
        return f"{event['amount']} uncalled returned to {who}"
    if kind == "award":
        return f"{who} wins {event['amount']} ({event['pot']}, {event['half']})"
    return kind


@dataclass
class Viewer:
    player: Player | None
    is_host: bool

    @property
    def seat(self) -> int | None:
        return self.player.seat if self.player and self.player.status == Player.SEATED else None


def _bet_presets(legal: dict) -> list[tuple[str, int]]:
    low, high = legal["min_to"], legal["max_to"]
    pot_size = legal["pot"] + legal["call"]
    half = legal["bet_already"] + legal["call"] + pot_size // 2
    full = legal["bet_already"] + legal["call"] + pot_size
    presets = [("Min", low), ("Half pot", half), ("Pot", full), ("Max", high)]
    seen: set[int] = set()
    out = []
    for label, amount in presets:
        amount = max(low, min(high, amount))
        if amount not in seen:
            seen.add(amount)
            out.append((label, amount))
    return out


def viewer_of(
    table: Table, session_key: str | None, is_host: bool, shot: TableSnapshot | None = None
) -> Viewer:
    """The viewer behind a session, from the snapshot (no query of its own)."""
    players = (shot or snapshot(table)).players
    player = next((p for p in players if session_key and p.session_key == session_key), None)
    return Viewer(player, is_host)


PLAYER_ACTIONS = ("sit-out", "rebuy", "cash-out")
HOST_ACTIONS = ("dealing", "void", "seat", "rebuy", "act-for", "sit-out", "adjust", "remove",
                "settings")  # fmt: skip


@lru_cache(maxsize=1024)
def action_urls(invite: str) -> dict[str, str]:
    """Where a table's forms post, worked out once per table rather than on every push."""
    urls = {"join": reverse("join", args=[invite])}
    for what in PLAYER_ACTIONS:
        urls[what.replace("-", "_")] = reverse("player_action", args=[invite, what])
    for what in HOST_ACTIONS:
        urls["host_" + what.replace("-", "_")] = reverse("host_action", args=[invite, what])
    return urls


def table_context(table: Table, viewer: Viewer, shot: TableSnapshot | None = None) -> dict:
    shot = shot or snapshot(table)
    players, hand, last, views = shot.players, shot.hand, shot.last, shot.views
    by_seat = {p.seat: p for p in players if p.status == Player.SEATED}
    seen = None
    if views is not None:
        seen = views[viewer.seat if viewer.seat in views else None]
    names = {p.seat: p.name for p in players if p.seat}
    seats = []
    view_seats = {s["seat"]: s for s in seen["seats"]} if seen else {}
    for number in range(1, table.seat_count + 1):
        player = by_seat.get(number)
        in_hand = view_seats.get(number)
        seats.append(
            {
                "number": number,
                "player": player,
                "requested": next(
                    (p for p in players if p.seat == number and p.status == Player.REQUESTED),
                    None,
                ),
                "hand": in_hand,
                "cards": [{"name": c["card"], "up": c["up"]} for c in in_hand["cards"]]
                if in_hand
                else [],
                "is_me": viewer.seat == number,
            }
        )
    legal = seen["legal"] if seen and hand is not None else None
    me_in_hand = view_seats.get(viewer.seat) if viewer.seat else None
    button_next = shot.button_next
    return {
        "table": table,
        "urls": action_urls(table.invite),
        "viewer": viewer,
        "me": viewer.player,
        "hand": hand,
        "last_hand": last,
        "seen": seen,
        "seats": seats,
        "legal": legal,
        "presets": _bet_presets(legal) if legal and legal.get("raise_kind") else [],
        "my_cards": [{"name": c["card"]} for c in me_in_hand["cards"]] if me_in_hand else [],
        "board": [{"name": c} for c in seen["board"]] if seen else [],
        "one_up": {"name": seen["one_up"]["card"]} if seen and seen["one_up"] else None,
        "one_up_seat": seen["one_up"]["seat"] if seen and seen["one_up"] else None,
        "log": [event_text(e, names) for e in seen["log"]][-14:] if seen else [],
        "awards": [dict(a, name=names.get(a["seat"], "")) for a in seen["awards"]] if seen else [],
        "game_name": GAMES[hand.game].name if hand else None,
        "games": GAMES.values(),
        "chooser": button_next,
        "waiting": [p for p in players if p.status == Player.REQUESTED],
        "rebuys": [p for p in players if p.rebuy_request],
        "names": names,
        "game_choices": GAME_CHOICES,
        "structure_choices": STRUCTURE_CHOICES,
    }


STATE = "table/state.html#"
_seat_renders: dict[str, str] = {}


def seat_html(seat: dict, context: dict) -> str:
    """One seat, rendered from exactly what the seat part shows, and kept by that: between
    two versions most seats show the same, so most are not rendered again."""
    player, requested, hand, seen = (
        seat["player"],
        seat["requested"],
        context["hand"],
        context["seen"],
    )
    shown = {
        "seat": {
            "number": seat["number"],
            "is_me": seat["is_me"],
            "hand": seat["hand"],
            "cards": seat["cards"],
            "player": {"name": player.name, "stack": player.stack,
                       "sitting_out": player.sitting_out} if player else None,
            "requested": {"name": requested.name} if requested else None,
        },
        "hand": {"game": hand.game} if hand else None,
        "table": {"button": context["table"].button},
        "seen": {"step": seen["step"]} if seen else None,
    }  # fmt: skip
    key = json.dumps(shown, sort_keys=True)
    html = _seat_renders.get(key)
    if html is None:
        if len(_seat_renders) > 20000:
            _seat_renders.clear()
        html = _seat_renders[key] = render_to_string(STATE + "seat", shown)
    return html


def _shared_parts(table: Table, shot: TableSnapshot) -> dict:
    """The parts every viewer sees alike, rendered once per table version in this process
    from the spectator's view: nothing private can be in them."""
    if shot.shared:
        return shot.shared
    context = table_context(table, Viewer(None, False), shot)
    parts = {name: render_to_string(STATE + name, context)
             for name in ("open", "status", "awards", "log")}  # fmt: skip
    parts["seats"] = {seat["number"]: seat_html(seat, context) for seat in context["seats"]}
    shot.shared.update(parts)
    return parts


def render_table(table: Table, viewer: Viewer, shot: TableSnapshot | None = None) -> str:
    """The #table fragment for one viewer (first load and every push): the shared parts,
    and this viewer's own seat, controls and panels. With ``shot`` it reads no database."""
    shot = shot or snapshot(table)
    shared = _shared_parts(table, shot)
    context = table_context(table, viewer, shot)
    mine = viewer.seat
    seats = "".join(
        seat_html(seat, context) if seat["number"] == mine else shared["seats"][seat["number"]]
        for seat in context["seats"]
    )
    personal = {name: render_to_string(STATE + name, context)
                for name in ("controls", "choose", "panels")}  # fmt: skip
    # Every piece is the output of an autoescaped template, so the whole is safe HTML.
    return mark_safe("".join((
        shared["open"], shared["status"], '\n  <section class="seats">\n', seats,
        "  </section>\n", personal["controls"], shared["awards"], personal["choose"],
        shared["log"], personal["panels"], "</div>\n",
    )))  # fmt: skip
