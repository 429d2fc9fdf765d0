"""Pages and the forms of the host and the players. Game actions go through the socket."""

from __future__ import annotations

import ipaddress
import secrets
import time

from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from games import chat, services
from games.forms import (
    AdjustForm,
    BadInput,
    ChatForm,
    HostForm,
    JoinForm,
    NewTableForm,
    PracticeForm,
    RebuyForm,
    TableSettingsForm,
    as_sent,
    cleaned,
)
from games.history import in_money
from games.models import GAME_CHOICES, STRUCTURE_CHOICES, LedgerEntry, Player, Table
from games.presenter import HOST_ACTIONS, Viewer, render_table, viewer_of
from games.rules.catalog import DECLARE_WAYS, FORCED_BETS, GAMES, house_rules
from games.rules.seating import COMING_BACK
from games.services import ServiceError
from games.state import snapshot


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"games": GAMES.values()})


def session_key(request: HttpRequest) -> str:
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key


def is_host(request: HttpRequest, table: Table) -> bool:
    return table.pk in request.session.get("host_tables", [])


def viewer_for(request: HttpRequest, table: Table) -> Viewer:
    return viewer_of(table, session_key(request), is_host(request, table), snapshot(table))


def _opened_recently(times: list[float], window: float, now: float) -> list[float]:
    return [t for t in times if now - t < window]


def _may_open_a_table(request: HttpRequest) -> bool:
    """Within settings.TABLES_PER_SESSION and TABLES_PER_ADDRESS (kept in this process's
    cache): a client cannot fill the database with tables."""
    now = time.time()
    most, window = settings.TABLES_PER_SESSION
    if len(_opened_recently(request.session.get("tables_opened", []), window, now)) >= most:
        return False
    most, window = settings.TABLES_PER_ADDRESS
    opened = cache.get(f"tables-opened:{request.META.get('REMOTE_ADDR')}", [])
    return len(_opened_recently(opened, window, now)) < most


def _count_table_opened(request: HttpRequest) -> None:
    now = time.time()
    window = settings.TABLES_PER_SESSION[1]
    opened = _opened_recently(request.session.get("tables_opened", []), window, now)
    request.session["tables_opened"] = [*opened, now]
    key, window = f"tables-opened:{request.META.get('REMOTE_ADDR')}", settings.TABLES_PER_ADDRESS[1]
    cache.set(key, [*_opened_recently(cache.get(key, []), window, now), now], timeout=window)


FLAGS = ("cap_lifts_heads_up", "history_open", "approval_required")


def _as_sent(post) -> Table:
    """A refused form's own values, shown again so that the host retypes nothing."""
    sent = {f: post.get(f, "") for f in NewTableForm.base_fields if f not in FLAGS}
    return Table(**sent, **{flag: post.get(flag) == "1" for flag in FLAGS})


def new_table(request: HttpRequest) -> HttpResponse:
    start = request.GET.get("start")
    defaults = Table(
        name="Friday game", seat_count=6, min_buy_in=100, max_buy_in=500,
        **house_rules(start if start in FORCED_BETS else "levys"),
    )  # fmt: skip
    house = {g: house_rules(g) for g in FORCED_BETS}
    seats = {g: info.max_seats for g, info in GAMES.items()}
    seats["dealers-choice"] = max(seats.values())
    context = {"table": defaults, "game_choices": GAME_CHOICES,
               "structure_choices": STRUCTURE_CHOICES,
               "starts": [(g, GAMES[g].name, rules) for g, rules in house.items()],
               "form_data": {"house": house, "seats": seats}}  # fmt: skip
    if request.method != "POST":
        return render(request, "new_table.html", context)
    context["table"] = _as_sent(request.POST)
    if not _may_open_a_table(request):
        context["error"] = "you have opened many tables lately: try again in an hour"
        return render(request, "new_table.html", context, status=429)
    try:
        table = services.create_table(**cleaned(NewTableForm(request.POST)))
    except BadInput as refused:  # each field's message by the field, all in the banner
        context["errors"] = refused.errors
        said = (m for messages in refused.errors.values() for m in messages)
        context["problems"] = list(dict.fromkeys(said))
        return render(request, "new_table.html", context, status=400)
    except ServiceError as error:
        context["error"] = str(error)
        return render(request, "new_table.html", context, status=400)
    _count_table_opened(request)
    _make_host(request, table)
    return redirect("table", table.invite)


def practice(request: HttpRequest) -> HttpResponse:
    """A table for one person and bots: the game's house rules, play chips, dealt at once."""
    games = [GAMES[g] for g in FORCED_BETS]
    context = {"games": games, "sent": request.POST}
    if request.method != "POST":
        return render(request, "practice.html", context)
    if not _may_open_a_table(request):
        context["error"] = "you have opened many tables lately: try again in an hour"
        return render(request, "practice.html", context, status=429)
    try:
        form = cleaned(PracticeForm(request.POST))
        game = form["game"]
        settings = cleaned(NewTableForm(as_sent({
            "name": f"Practice: {GAMES[game].name}", "seat_count": GAMES[game].max_seats,
            "min_buy_in": 100, "max_buy_in": 500,
            **house_rules(game), "small_bet": 0, "big_bet": 0,  # 0: the game's own sizes
        })))  # fmt: skip
        table = services.open_practice(session_key(request), form["name"], form["bots"],
                                       **settings)  # fmt: skip
    except ServiceError as error:
        context["error"] = str(error)
        return render(request, "practice.html", context, status=400)
    _count_table_opened(request)
    _make_host(request, table)
    return redirect("table", table.invite)


@require_safe
def explain(request: HttpRequest, invite: str, seat: int) -> HttpResponse:
    """A bot says why it made its last move of the last hand over, as a notice (during
    the first hand, that it answers once the hand is over)."""
    table = get_object_or_404(Table, invite=invite)
    hands = table.hands.order_by("-number")
    hand = hands.filter(finished=True, voided=False).first() or hands.first()
    if hand is None:
        return notice(request, "no hand has been dealt yet", error=True)
    try:
        return notice(request, services.explain_bot(hand, seat))
    except ServiceError as error:
        return notice(request, str(error), error=True)


def _loopback(host: str) -> bool:
    """Whether ``host`` (the address the browser used, with its port) names the machine
    itself, which no friend's browser can reach."""
    name = (host.rsplit(":", 1)[0] if not host.endswith("]") else host).strip("[]").lower()
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return name == "localhost" or name.endswith(".localhost")
    mapped = getattr(address, "ipv4_mapped", None)  # ::ffff:127.0.0.1
    return address.is_loopback or bool(mapped and mapped.is_loopback)


BACK = (
    "Welcome back: while you were away, the clock acted for you. You are dealt in again "
    "from the next hand."
)


@require_safe
def table_page(request: HttpRequest, invite: str) -> HttpResponse:
    table = get_object_or_404(Table, invite=invite)
    viewer = viewer_for(request, table)
    base = request.build_absolute_uri("/")[:-1]
    back = table.players.filter(session_key=session_key(request), status=Player.SEATED,
                                away_since__isnull=False).exists()  # fmt: skip
    left = None  # this browser's latest cash-out, lately (a player the host removed too)
    if viewer.seat is None and not table.practice:
        left = services.last_cash_out(table, session_key(request))
        if left and time.time() - left.created.timestamp() > 60 * COMING_BACK:
            left = None
    return render(
        request,
        "table/page.html",
        {
            "table": table,
            "message": BACK if back else "",  # (the socket, as it opens, deals them in)
            "viewer": viewer,
            "table_html": render_table(table, viewer),
            "invite_url": base + reverse("table", args=[table.invite]),
            "host_url": base + reverse("host_link", args=[table.invite, table.host_secret]),
            "this_machine_only": _loopback(request.get_host()),
            "dealt_before": table.hands.exists(),  # (the invite folds away once dealing)
            "intros": intros(),
            "least": _least_back(table, left),
            "left_with": -left.amount if left else None,
        },
    )


def _least_back(table: Table, left: LedgerEntry | None) -> tuple[int, int] | None:
    """The least this browser may buy in for, and until when (epoch seconds), where it left
    the table with chips lately (seating.back_with_enough): a cash-out's answer says it, and
    so does the page opened again, a player the host removed included (table.js keeps it)."""
    if left is None:
        return None
    until = int(left.created.timestamp()) + 60 * COMING_BACK
    least = min(-left.amount, table.max_buy_in)
    return (least, until) if until > time.time() and least > table.min_buy_in else None


def intros() -> list[dict]:
    """Each game in three lines, for the table page's intro; a game declared either way
    (High-Low Declare) once for each, which static/js/table.js picks from as the hand
    declares: the host may change it while the page is open."""
    said = []
    for game in GAMES.values():
        ways = {declare: game.summary_at(declare) for declare in DECLARE_WAYS}
        either = len(set(ways.values())) > 1
        for declare, summary in ways.items() if either else [("", game.summary)]:
            said.append({"slug": game.slug, "name": game.name, "summary": summary,
                         "declare": declare})  # fmt: skip
    return said


def _make_host(request: HttpRequest, table: Table) -> None:
    """This browser's session holds the host's rights at ``table`` from now on."""
    request.session["host_tables"] = [*request.session.get("host_tables", []), table.pk]


def host_link(request: HttpRequest, invite: str, secret: str) -> HttpResponse:
    table = get_object_or_404(Table, invite=invite)
    if not secrets.compare_digest(secret, table.host_secret):
        raise Http404("no such table")
    if not is_host(request, table):
        _make_host(request, table)
    # The secret now lives in the session: the page it leads to has a URL without it, and
    # neither the browser's cache nor the next page's Referer keeps the link.
    response = redirect("table", table.invite)
    response["Cache-Control"] = "no-store"
    response["Referrer-Policy"] = "no-referrer"
    return response


def notice(
    request: HttpRequest,
    message: str,
    error: bool = False,
    buy_in_least: tuple | None = None,
    lasts_while: str = "",
) -> HttpResponse:
    """The answer to a form, in the page's notice; ``buy_in_least``: the least a buy-in at
    this table may be for this browser after a cash-out, and until when (epoch seconds);
    ``lasts_while``: the page part (a selector) it is about, with which it goes once the
    table has shown it (table.js): "waits for the host's answer" goes with the answer."""
    status = 400 if error and not request.headers.get("HX-Request") else 200
    context = {"message": message, "error": error, "least": buy_in_least,
               "lasts_while": lasts_while}  # fmt: skip
    return render(request, "table/notice.html", context, status=status)


@require_POST
def join(request: HttpRequest, invite: str) -> HttpResponse:
    table = get_object_or_404(Table, invite=invite)
    try:
        form = cleaned(JoinForm(request.POST))
        player = services.request_seat(
            table.pk,
            session_key(request),
            form["seat"],
            form["name"],
            form["buy_in"],
            host=is_host(request, table),
        )
    except ServiceError as error:
        return notice(request, str(error), error=True)
    if player.status == Player.REQUESTED:
        return notice(  # (it goes with the host's answer)
            request,
            f"Asked the host for seat {player.seat}: you sit down once they let you in.",
            lasts_while="#seat-waiting",
        )
    return notice(request, f"Welcome, {player.name}: you are in seat {player.seat}.")


@require_POST
def player_action(request: HttpRequest, invite: str, what: str) -> HttpResponse:
    table = get_object_or_404(Table, invite=invite)
    key = session_key(request)
    waiting = ""  # what the notice is about, to go with it (``notice``)
    try:
        if what == "sit-out":
            out = request.POST.get("out") == "1"
            seated = services.seated_player_id(table.pk, key)
            when = services.set_sitting_out(table.pk, seated, out)
            message = f"You {'sit out' if out else 'are dealt in'} {when}."
        elif what == "rebuy":
            amount = cleaned(RebuyForm(request.POST))["amount"]
            message = services.request_rebuy(table.pk, key, amount, host=is_host(request, table))
            waiting = "#rebuy-waiting"  # (if it waits, the notice goes with the answer)
        elif what == "deal-now":  # (at a practice table: the hand dealt says it)
            after = request.POST.get("after")  # the hand whose result the page showed
            if after is not None and not after.isdigit():
                raise ServiceError("which hand's result was read is not a hand number")
            services.deal_now(table.pk, key, None if after is None else int(after))
            message = ""
        elif what == "cash-out":
            amount = services.leave(table.pk, key)
            settle = "" if table.practice else " The Ledger tab says who pays whom."
            worth = in_money(amount, None if table.practice else table.chip_value or None)
            worth = f" (worth {worth})" if worth is not None else ""
            message = f"You cashed out {amount} chips{worth}.{settle} Thanks for playing."
            least = min(amount, table.max_buy_in)  # (seating.back_with_enough)
            if least > table.min_buy_in and not table.practice:
                hours = COMING_BACK // 60
                message += f" Coming back within {hours} hours, you buy in for at least {least}."
            else:
                least = 0  # (table.js forgets an earlier one)
            until = int(time.time()) + 60 * COMING_BACK  # (table.js keeps it till then)
            return notice(request, message, buy_in_least=(least, until))
        else:
            raise Http404("no such action")
    except ServiceError as error:
        return notice(request, str(error), error=True)
    return notice(request, message, lasts_while=waiting)


@require_POST
def say(request: HttpRequest, invite: str) -> HttpResponse:
    """A line for the table's chat: it reaches every browser with the next push."""
    table = get_object_or_404(Table, invite=invite)
    try:
        text = cleaned(ChatForm(request.POST))["text"]
        chat.say(table.pk, session_key(request), text, is_host=is_host(request, table))
    except ServiceError as error:
        return notice(request, str(error), error=True)
    return notice(request, "")


@require_POST
def host_action(request: HttpRequest, invite: str, what: str) -> HttpResponse:
    table = get_object_or_404(Table, invite=invite)
    if what not in HOST_ACTIONS:
        raise Http404("no such action")
    if not is_host(request, table):
        return notice(request, "only the host can do that", error=True)
    message = "Done."
    try:
        form = cleaned((AdjustForm if what == "adjust" else HostForm)(request.POST))
        player_id, approve = form["player"], form["approve"]
        if what == "dealing":
            message = services.set_dealing(table.pk, form["on"])
        elif what == "void":
            services.void_hand(table.pk)
            message = "Hand voided: every bet is returned, and the same player deals again."
        elif what == "seat":
            name = Player.objects.get(pk=player_id, table=table).name
            services.answer_seat_request(table.pk, player_id, approve)
            message = f"{name} is let in." if approve else f"{name} is not given a seat."
        elif what == "rebuy":
            message = services.answer_rebuy(table.pk, player_id, approve)
        elif what == "sit-out":
            name = Player.objects.get(pk=player_id, table=table).name
            when = services.set_sitting_out(table.pk, player_id, form["out"])
            message = f"{name} {'sits out' if form['out'] else 'is dealt in'} {when}."
        elif what == "adjust":
            message = services.adjust_stack(
                table.pk, player_id, form["amount"], form["note"], kind=form["kind"]
            )
        elif what == "remove":
            player = Player.objects.get(pk=player_id, table=table)
            chips = services.cash_out(table.pk, player_id)
            message = f"{player.name} has left the table" + (
                f", with {chips} chip{'s' * (chips != 1)} cashed out."
                if player.status == Player.SEATED
                else "."  # (asking for a seat, with no chips yet)
            )
        elif what == "act-for":
            message = services.act_for_absent(table.pk, form["seat"], form["seq"])
        elif what == "bot":
            bot = services.sit_bot(table.pk, form["seat"], buy_in=form["buy_in"])
            message = f"{bot.name} sits in seat {bot.seat} with {bot.stack} chips" + (
                "." if table.practice else " (yours, in the ledger)."
            )
        elif what == "choose-for":
            message = services.choose_for_absent(table.pk)
        elif what == "settings":
            settings = cleaned(TableSettingsForm(request.POST, table=table))
            message = services.change_settings(table.pk, **settings)
        elif what == "mute":
            message = chat.mute(table.pk, player_id, form["on"])
        elif what == "end":
            message = services.end_game(table.pk)
        elif what == "open":
            message = services.open_again(table.pk)
    except ServiceError as error:  # settings refused: told while the host has them open
        part = "#host-settings[open]" if what == "settings" else ""
        return notice(request, str(error), error=True, lasts_while=part)
    except Player.DoesNotExist:
        return notice(request, "there is no such player", error=True)
    return notice(request, message)
