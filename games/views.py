"""Pages and the forms of the host and the players. Game actions go through the socket."""

from __future__ import annotations

import secrets
from decimal import Decimal, InvalidOperation

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from games import services
from games.models import GAME_CHOICES, STRUCTURE_CHOICES, Player, Table
from games.presenter import Viewer, render_table
from games.rules.catalog import GAMES
from games.services import ServiceError


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"games": GAMES.values()})


def session_key(request: HttpRequest) -> str:
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key


def is_host(request: HttpRequest, table: Table) -> bool:
    return table.pk in request.session.get("host_tables", [])


def viewer_for(request: HttpRequest, table: Table) -> Viewer:
    return Viewer(services.player_for(table, session_key(request)), is_host(request, table))


def _whole(value: str | None, field: str, blank: int | None = 0) -> int | None:
    if value is None or value.strip() == "":
        return blank
    try:
        return int(value)
    except ValueError:
        raise ServiceError(f"{field} must be a whole number") from None


def _money(value: str | None) -> Decimal | None:
    if value is None or not value.strip():
        return None
    try:
        amount = Decimal(value.strip())
    except InvalidOperation:
        raise ServiceError("the money per chip must be a number like 0.25") from None
    if not amount.is_finite() or amount < 0 or amount >= 10**6:
        raise ServiceError("the money per chip must be a number like 0.25")
    return amount.quantize(Decimal("0.0001"))


def _settings_from(post) -> dict:
    settings = {
        "game": post.get("game", ""),
        "structure": post.get("structure", ""),
        "ante": _whole(post.get("ante"), "the ante"),
        "small_blind": _whole(post.get("small_blind"), "the small blind"),
        "big_blind": _whole(post.get("big_blind"), "the big blind"),
        "small_bet": _whole(post.get("small_bet"), "the small bet"),
        "big_bet": _whole(post.get("big_bet"), "the big bet"),
        "raise_cap": _whole(post.get("raise_cap"), "the raise cap", None),
        "cap_lifts_heads_up": post.get("cap_lifts_heads_up") == "1",
        "stake_cap": _whole(post.get("stake_cap"), "the stake cap", None),
        "declare": post.get("declare", "chips"),
        "low": post.get("low", "ace-to-six"),
        "action_clock": _whole(post.get("action_clock"), "the action clock", None),
        "chip_value": _money(post.get("chip_value")),
        "history_open": post.get("history_open") == "1",
    }
    if settings["structure"] not in dict(STRUCTURE_CHOICES):
        raise ServiceError("choose a betting structure")
    if settings["game"] not in dict(GAME_CHOICES):
        raise ServiceError("choose a game")
    for key in ("ante", "small_blind", "big_blind", "small_bet", "big_bet", "raise_cap",
                "stake_cap", "action_clock"):  # fmt: skip
        if settings[key] is not None and settings[key] < 0:
            raise ServiceError(f"{key.replace('_', ' ')} cannot be negative")
    return settings


def new_table(request: HttpRequest) -> HttpResponse:
    defaults = Table(
        game="levys", structure="half-pot-limit", ante=1, seat_count=6, min_buy_in=100,
        max_buy_in=500,
    )  # fmt: skip
    context = {"table": defaults, "game_choices": GAME_CHOICES,
               "structure_choices": STRUCTURE_CHOICES, "form": request.POST}  # fmt: skip
    if request.method != "POST":
        return render(request, "new_table.html", context)
    try:
        settings = _settings_from(request.POST)
        settings.update(
            name=request.POST.get("name", "").strip()[:60],
            seat_count=_whole(request.POST.get("seat_count"), "the number of seats"),
            min_buy_in=_whole(request.POST.get("min_buy_in"), "the minimum buy-in"),
            max_buy_in=_whole(request.POST.get("max_buy_in"), "the maximum buy-in"),
            approval_required=request.POST.get("approval_required") == "1",
        )
        table = services.create_table(**settings)
    except ServiceError as error:
        context["error"] = str(error)
        return render(request, "new_table.html", context, status=400)
    request.session["host_tables"] = [*request.session.get("host_tables", []), table.pk]
    return redirect("table", table.invite)


@require_safe
def table_page(request: HttpRequest, invite: str) -> HttpResponse:
    table = get_object_or_404(Table, invite=invite)
    viewer = viewer_for(request, table)
    base = request.build_absolute_uri("/")[:-1]
    return render(
        request,
        "table/page.html",
        {
            "table": table,
            "viewer": viewer,
            "table_html": render_table(table, viewer),
            "invite_url": base + reverse("table", args=[table.invite]),
            "host_url": base + reverse("host_link", args=[table.invite, table.host_secret]),
        },
    )


def host_link(request: HttpRequest, invite: str, secret: str) -> HttpResponse:
    table = get_object_or_404(Table, invite=invite)
    if not secrets.compare_digest(secret, table.host_secret):
        raise Http404("no such table")
    if not is_host(request, table):
        request.session["host_tables"] = [*request.session.get("host_tables", []), table.pk]
    return redirect("table", table.invite)


def notice(request: HttpRequest, message: str, error: bool = False) -> HttpResponse:
    status = 400 if error and not request.headers.get("HX-Request") else 200
    return render(request, "table/notice.html", {"message": message, "error": error}, status=status)


@require_POST
def join(request: HttpRequest, invite: str) -> HttpResponse:
    table = get_object_or_404(Table, invite=invite)
    try:
        player = services.request_seat(
            table.pk,
            session_key(request),
            _whole(request.POST.get("seat"), "the seat"),
            request.POST.get("name", ""),
            _whole(request.POST.get("buy_in"), "the buy-in"),
            host=is_host(request, table),
        )
    except ServiceError as error:
        return notice(request, str(error), error=True)
    if player.status == Player.REQUESTED:
        return notice(request, f"Asked for seat {player.seat}: the host will let you in.")
    return notice(request, f"Welcome, {player.name}: you are in seat {player.seat}.")


@require_POST
def player_action(request: HttpRequest, invite: str, what: str) -> HttpResponse:
    table = get_object_or_404(Table, invite=invite)
    key = session_key(request)
    try:
        if what == "sit-out":
            out = request.POST.get("out") == "1"
            services.set_sitting_out(table.pk, services.seated_player_id(table.pk, key), out)
            message = "You sit out from the next hand." if out else "You are dealt in again."
        elif what == "rebuy":
            amount = _whole(request.POST.get("amount"), "the rebuy")
            services.request_rebuy(table.pk, key, amount, host=is_host(request, table))
            message = f"Rebuy of {amount} asked for."
        elif what == "cash-out":
            player = services.player_for(table, key)
            if player is None:
                raise ServiceError("you are not at this table")
            amount = services.cash_out(table.pk, player.pk)
            message = f"You cashed out {amount}. Thanks for playing."
        else:
            raise Http404("no such action")
    except ServiceError as error:
        return notice(request, str(error), error=True)
    return notice(request, message)


HOST_ACTIONS = {"dealing", "void", "seat", "rebuy", "sit-out", "adjust", "remove", "act-for",
                "choose-for", "settings"}  # fmt: skip


@require_POST
def host_action(request: HttpRequest, invite: str, what: str) -> HttpResponse:
    table = get_object_or_404(Table, invite=invite)
    if what not in HOST_ACTIONS:
        raise Http404("no such action")
    if not is_host(request, table):
        return notice(request, "only the host can do that", error=True)
    post = request.POST
    try:
        player_id = _whole(post.get("player"), "the player", None)
        approve = post.get("approve") == "1"
        if what == "dealing":
            services.set_dealing(table.pk, post.get("on") == "1")
        elif what == "void":
            services.void_hand(table.pk)
        elif what == "seat":
            services.answer_seat_request(table.pk, player_id, approve)
        elif what == "rebuy":
            services.answer_rebuy(table.pk, player_id, approve)
        elif what == "sit-out":
            services.set_sitting_out(table.pk, player_id, post.get("out") == "1")
        elif what == "adjust":
            kind = post.get("kind", "")
            if kind not in services.STACK_CHANGES:
                raise ServiceError("say whether money changes hands: top-up/removal or correction")
            amount = _whole(post.get("amount"), "the number of chips", None)
            note = post.get("note", "")[:100]
            services.adjust_stack(table.pk, player_id, amount, note, kind=kind)
        elif what == "remove":
            services.cash_out(table.pk, player_id)
        elif what == "act-for":
            seat = _whole(post.get("seat"), "the seat")
            services.act_for_absent(table.pk, seat, _whole(post.get("seq"), "the sequence"))
        elif what == "choose-for":
            services.choose_for_absent(table.pk)
        elif what == "settings":
            services.change_settings(table.pk, **_settings_from(post))
    except ServiceError as error:
        return notice(request, str(error), error=True)
    except Player.DoesNotExist:
        return notice(request, "there is no such player", error=True)
    return notice(request, "Done.")
