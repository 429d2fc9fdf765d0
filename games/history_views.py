"""The morning after: hand list, step-by-step review, exports, ledger and settle-up."""

from __future__ import annotations

import csv
import json

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render

from games import history, state
from games.models import Player, Table
from games.rules.catalog import GAMES
from games.rules.names import CASHIER, name_key
from games.views import is_host, session_key


def _table(invite: str) -> Table:
    return get_object_or_404(Table, invite=invite)


def _playing(request: HttpRequest, table: Table) -> int | None:
    """The number of the hand being played when this browser's player is dealt in: the
    pages say so, with the way back to the table (its turn may come meanwhile)."""
    hand, key = state.current_hand(table), session_key(request)
    if hand is None or not key:
        return None
    player = Player.objects.filter(table=table, session_key=key).values_list("pk", flat=True)
    return hand.number if set(player) & set(hand.seat_players.values()) else None


def _own_name(request: HttpRequest, table: Table) -> str:
    """The name this browser last sat at the table under ("" if it never sat)."""
    key = session_key(request)
    mine = Player.objects.filter(table=table, session_key=key).exclude(status=Player.REFUSED)
    return (mine.order_by("-pk").values_list("name", flat=True).first() or "") if key else ""


def hand_list(request: HttpRequest, invite: str) -> HttpResponse:
    table = _table(invite)
    game = request.GET.get("game", "")
    player = request.GET.get("player", "").strip()[:24]
    if game and game not in GAMES:
        game = ""
    every = history.hand_rows(table)
    names = sorted({name for row in every for name in row["players"]})
    player = next((name for name in names if name_key(name) == name_key(player)), player)
    mine = "" if player else _own_name(request, table)  # (every hand listed: yours +/-)
    rows = history.hand_rows(table, game, player, net_of=mine)
    played = {row["hand"].game for row in every} | {game}  # the games this table has dealt
    nets = [row["net"] for row in rows if row["net"] is not None]  # (a voided hand: none)
    return render(
        request,
        "history/hands.html",
        {"table": table, "rows": rows, "games": [g for g in GAMES.values() if g.slug in played],
         "game": game, "net_total": sum(nets), "net_hands": len(nets),
         "player": player, "mine": mine, "names": names, "is_host": is_host(request, table),
         "playing": _playing(request, table)},
    )  # fmt: skip


def _finished_hand(table: Table, number: int):
    hand = table.hands.filter(number=number, finished=True).first()
    if hand is None:
        raise Http404("no finished hand with that number")
    return hand


def hand_review(request: HttpRequest, invite: str, number: int) -> HttpResponse:
    table = _table(invite)
    hand = _finished_hand(table, number)
    seat = history.reviewer_seat(hand, session_key(request))
    try:
        step = int(request.GET.get("step", "0"))
    except ValueError:
        step = 0
    seen = None if hand.voided else history.hand_review(hand, step, seat, table.history_open)
    return render(
        request,
        "history/review.html",
        {"table": table, "hand": hand, "seen": seen, "seat": seat,
         "may_export": history.may_export_documents(table), "playing": _playing(request, table)},
    )  # fmt: skip


def _documents_closed() -> HttpResponse:
    return HttpResponse(
        "Hand documents hold every card. They are released to everyone at the table at"
        " once, when the host opens the full hand history; until then the text log shows"
        " what you saw.",
        status=403,
        content_type="text/plain; charset=utf-8",
    )


def _text_response(lines: list[str], filename: str) -> HttpResponse:
    response = HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'  # read in the tab
    return response


def hand_export(request: HttpRequest, invite: str, number: int, fmt: str) -> HttpResponse:
    table = _table(invite)
    hand = _finished_hand(table, number)
    if fmt not in ("json", "txt"):
        raise Http404("export as .json or .txt")
    if fmt == "txt":
        seat = history.reviewer_seat(hand, session_key(request))
        lines = history.hand_text(hand, seat, table.history_open)
        return _text_response(lines, f"hand-{number}.txt")
    if not history.may_export_documents(table):
        return _documents_closed()
    response = JsonResponse(history.full_document(hand), json_dumps_params={"indent": 1})
    response["Content-Disposition"] = f'attachment; filename="hand-{number}.json"'
    return response


def session_export(request: HttpRequest, invite: str, fmt: str) -> HttpResponse:
    table = _table(invite)
    hands = table.hands.filter(finished=True).order_by("number")
    if fmt not in ("json", "txt"):
        raise Http404("export as .json or .txt")
    if fmt == "txt":
        key = session_key(request)
        lines: list[str] = []
        for hand in hands:
            seat = history.reviewer_seat(hand, key)
            lines += [*history.hand_text(hand, seat, table.history_open), ""]
        return _text_response(lines, "session.txt")
    if not history.may_export_documents(table):
        return _documents_closed()
    documents = [history.full_document(h) for h in hands if not h.voided]
    response = HttpResponse(json.dumps(documents, indent=1), content_type="application/json")
    response["Content-Disposition"] = 'attachment; filename="session.json"'
    return response


def ledger_page(request: HttpRequest, invite: str) -> HttpResponse:
    table = _table(invite)
    book = history.ledger(table)
    payments = [
        {"payer": a, "payee": b, "chips": c, "money": book.money(c)} for a, b, c in book.payments
    ]
    return render(
        request,
        "history/ledger.html",
        {"table": table, "book": book, "payments": payments,
         "summary": history.session_summary(table), "is_host": is_host(request, table),
         "playing": _playing(request, table),
         "final": table.ended and not book.seated_note},  # (nobody is marked as left then)
    )  # fmt: skip


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> object:
    """A text cell a spreadsheet would run as a formula, quoted to be read as text (OWASP:
    a leading single quote); numbers are left as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def ledger_csv(request: HttpRequest, invite: str) -> HttpResponse:
    table = _table(invite)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="ledger.csv"'
    writer = csv.writer(response)
    writer.writerow(["time", "transfer", "account", "kind", "amount", "hand", "note"])
    labels = history.ledger(table).labels  # the person, told apart from a namesake
    for entry in table.ledger.select_related("player", "hand").order_by("created", "pk"):
        account = labels.get(entry.player_id, entry.player.name) if entry.player else CASHIER
        row = [entry.created.isoformat(), entry.transfer, account, entry.kind, entry.amount,
               entry.hand.number if entry.hand else "", entry.note]  # fmt: skip
        writer.writerow([csv_cell(value) for value in row])
    return response
