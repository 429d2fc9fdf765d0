"""The morning after: history replays, exports round-trip, the ledger balances, and no
reviewer is ever sent a folded player's hidden cards."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from datetime import UTC, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from django.test import Client
from django.utils import timezone

from games import history, services, state
from games.models import HandEvent, Player, Table
from games.rules.document import replay
from tests.rules.scripting import scripted_document
from tests.rules.test_history import played
from tests.rules.test_playout import Witness
from tests.web.helpers import (
    assert_chips_balance,
    cards_in,
    make_table,
    play_current_hand,
    seat_players,
    session_of,
)

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def play_session(seed: int = 3) -> tuple[Table, dict[str, Client]]:
    """Four players, two hands of each game, a rebuy and a cash-out, through the services."""
    table = make_table("levys", chip_value=Decimal("0.25"))
    clients = {}
    for seat, name in enumerate(("Ann", "Bob", "Cat", "Dan"), start=1):
        client = Client()
        client.get(f"/t/{table.invite}/")
        client.post(f"/t/{table.invite}/join/", {"seat": seat, "name": name, "buy_in": 300})
        clients[name] = client
    services.set_dealing(table.pk, True)
    rng = random.Random(seed)
    clock = timezone.now()
    for game, settings in (
        ("levys", {"structure": "half-pot-limit", "ante": 1}),
        ("high-low-declare", {"structure": "fixed-limit", "ante": 1, "raise_cap": 3}),
        ("sviten", {"structure": "pot-limit", "ante": 0, "small_blind": 1, "big_blind": 2}),
    ):
        services.change_settings(table.pk, game=game, **settings)
        for _ in range(2):
            for busted in Player.objects.filter(table=table, status="seated", stack=0):
                services.request_rebuy(table.pk, busted.session_key, 300)
            if state.current_hand(table) is None:
                clock += timedelta(seconds=10)
                services.tick(table.pk, clock)
            if state.current_hand(table) is None:
                break
            play_current_hand(table, rng)
        for player in Player.objects.filter(table=table, status="seated", stack__lt=300):
            services.request_rebuy(table.pk, player.session_key, 300 - player.stack)
    dan = Player.objects.get(table=table, name="Dan")
    services.cash_out(table.pk, dan.pk)
    return table, clients


def test_a_played_session_replays_exports_and_balances():
    table, clients = play_session()
    hands = list(table.hands.filter(finished=True).order_by("number"))
    assert len(hands) >= 4
    assert {h.game for h in hands} >= {"levys", "high-low-declare"}
    played = history.session_summary(table)["per_game"]  # the games in the catalog's order
    assert list(played)[:2] == ["Levy's Game", "High-Low Declare"]
    assert sum(played.values()) == len(hands)
    counted = ", ".join(f"{count} of {name}" for name, count in played.items())
    ledger = clients["Ann"].get(f"/t/{table.invite}/ledger/").content.decode()
    assert f"<li>{len(hands)} hands: {counted}</li>" in ledger.replace("&#x27;", "'")
    assert "<td>Dan (left)</td>" in ledger
    for hand in hands:
        assert services.stored_result(replay(history.full_document(hand))) == hand.result

    Table.objects.filter(pk=table.pk).update(history_open=True)
    anyone = Client()
    exported = json.loads(anyone.get(f"/t/{table.invite}/session.json").content)
    assert len(exported) == len(hands)
    for document, hand in zip(exported, hands, strict=True):
        assert services.stored_result(replay(json.loads(json.dumps(document)))) == hand.result
    one = anyone.get(f"/t/{table.invite}/hands/{hands[0].number}/hand.json").content
    path = ROOT / "test-artifacts" / "exported-hand.json"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(one)
    out = subprocess.run(
        [sys.executable, "manage.py", "replay_hand", str(path)],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    printed = json.loads(out.stdout)
    assert printed["stacks"] == hands[0].result["stacks"]

    assert_chips_balance(table)
    book = history.ledger(table)
    assert book.balance == 0 and book.entries_sum == 0
    nets = {row.player.name: row.net for row in book.rows}
    assert sum(nets.values()) == 0
    settled = dict(nets)
    for payer, payee, chips in book.payments:
        settled[payer] += chips
        settled[payee] -= chips
    assert set(settled.values()) <= {0}
    assert len(book.payments) <= len(nets) - 1
    page = clients["Ann"].get(f"/t/{table.invite}/ledger/").content.decode()
    assert "the ledger balances" in page
    for net in nets.values():  # a win with its sign, a loss with a minus sign
        said = f"+{net}" if net > 0 else str(net).replace("-", "\u2212")
        assert f'<td class="net" data-label="Net">{said}</td>' in page
    assert '<a href="/t/' + table.invite + '/ledger/" aria-current="page">Ledger</a>' in page
    assert "players who left included" in page  # one cashed out: they settle here too
    said = page.index("If nobody has paid for chips yet")  # when they apply, said before
    assert said < page.index('<ul class="payments">')  # the payments, not folded away
    assert page.index("<h2>Settle up</h2>") < page.index('class="ledger book"')  # first
    bank = page.split('<ul class="bank-pays">')[1].split("</ul>")[0]  # the other way, told
    for row in book.rows:  # alike: the bank pays each stack
        owed = f"<li>{row.label}: {row.stack} chip"
        assert (owed in bank) == bool(row.stack), row.label
    assert "<th>Corrections" not in page and "corrections" not in page.split("Check:")[1][:200]
    for payer, payee, chips in book.payments:
        assert f"{payer} pays {payee} {chips} {'chip' if chips == 1 else 'chips'} (" in page
        assert str((chips * Decimal("0.25")).quantize(Decimal("0.01"))) in page
    csv_text = clients["Bob"].get(f"/t/{table.invite}/ledger.csv").content.decode()
    rows = csv_text.strip().splitlines()[1:]
    assert sum(int(r.split(",")[4]) for r in rows) == 0
    assert any(",cash-out," in r for r in rows) and any(",rebuy," in r for r in rows)

    services.end_game(table.pk)  # everyone has left: nobody is singled out
    page = clients["Ann"].get(f"/t/{table.invite}/ledger/").content.decode()
    assert "These payments square everyone:" in page and "players who left" not in page


def witness_of(hand) -> Witness:
    document = history.full_document(hand)
    witness = Witness(replay(document, upto=0))
    for k in range(1, len(document["actions"]) + 1):
        witness.update(replay(document, upto=k))
    return witness


def test_reviewers_never_receive_hidden_cards_of_others():
    table, clients = play_session(seed=8)
    hands = [h for h in table.hands.filter(finished=True) if not h.voided]
    folded_hidden = 0
    for hand in hands:
        witness = witness_of(hand)
        everyone = set().union(*witness.own.values())
        for name, client in [*clients.items(), ("spectator", Client())]:
            seat = history.reviewer_seat(hand, client.session.session_key)
            allowed = witness.public | (witness.own[seat] if seat else set())
            folded_hidden += len(everyone - allowed)
            total = len(history.full_document(hand)["actions"])
            pages = [
                client.get(f"/t/{table.invite}/hands/{hand.number}/?step={k}").content.decode()
                for k in range(total + 1)
            ]
            pages.append(
                client.get(f"/t/{table.invite}/hands/{hand.number}/hand.txt").content.decode()
            )
            for page in pages:
                seen = cards_in(page)
                assert not seen - allowed, (
                    f"{name} was shown {seen - allowed} in hand {hand.number}"
                )
    assert folded_hidden > 0, "the session had no hidden cards to protect"


OPENED = (
    "The host has opened the full hand history: every card of every finished hand is shown to all"
)


def test_documents_are_released_to_everyone_at_once_never_to_the_host_alone():
    table, clients = play_session()
    number = table.hands.filter(finished=True).first().number
    ann, host = clients["Ann"], Client()
    host.get(f"/t/{table.invite}/host/{table.host_secret}/")
    for client in (ann, host):
        assert client.get(f"/t/{table.invite}/hands/{number}/hand.json").status_code == 403
        assert client.get(f"/t/{table.invite}/session.json").status_code == 403
        assert client.get(f"/t/{table.invite}/hands/{number}/hand.txt").status_code == 200
        for page in ("hands/", f"hands/{number}/"):
            html = client.get(f"/t/{table.invite}/{page}").content.decode()
            assert "hand.json" not in html and "session.json" not in html
            assert OPENED not in html
    Table.objects.filter(pk=table.pk).update(history_open=True)
    for client in (ann, host, Client()):
        assert client.get(f"/t/{table.invite}/hands/{number}/hand.json").status_code == 200
        assert client.get(f"/t/{table.invite}/session.json").status_code == 200
        for page in ("hands/", f"hands/{number}/", "ledger/"):
            assert OPENED in client.get(f"/t/{table.invite}/{page}").content.decode()


def test_a_playing_hosts_exports_hold_no_folded_or_undealt_card():
    table, clients = play_session(seed=8)
    host = clients["Ann"]  # the host plays, at seat 1
    host.get(f"/t/{table.invite}/host/{table.host_secret}/")
    hands = [h for h in table.hands.filter(finished=True) if not h.voided]
    session_text = host.get(f"/t/{table.invite}/session.txt").content.decode()
    assert host.get(f"/t/{table.invite}/session.json").status_code == 403
    allowed_anywhere: set[str] = set()
    hidden = 0
    for hand in hands:
        witness = witness_of(hand)
        seat = history.reviewer_seat(hand, host.session.session_key)
        allowed = witness.public | (witness.own[seat] if seat else set())
        allowed_anywhere |= allowed
        hidden += len(set().union(*witness.own.values()) - allowed)
        assert host.get(f"/t/{table.invite}/hands/{hand.number}/hand.json").status_code == 403
        text = host.get(f"/t/{table.invite}/hands/{hand.number}/hand.txt").content.decode()
        seen = cards_in(text)
        assert not seen - allowed, f"the host's export of hand {hand.number} holds {seen - allowed}"
    assert hidden > 0, "the session had no folded or undealt card to keep from the host"
    shown = cards_in(session_text)
    assert not shown - allowed_anywhere


def test_stand_ins_are_marked_and_own_draws_shown_in_the_review_and_exports():
    table, clients = play_session()
    ann = clients["Ann"]
    folds = HandEvent.objects.filter(hand__table=table, action__type="fold", hand__voided=False)
    event = folds.order_by("pk").first()
    HandEvent.objects.filter(pk=event.pk).update(by="clock")
    hand = event.hand
    name = history.names_of(hand.document)[event.action["seat"]]
    url = f"/t/{table.invite}/hands/{hand.number}/"
    assert f"{name} folds (clock)" in ann.get(f"{url}hand.txt").content.decode()
    assert f"{name} folds (clock)" in ann.get(f"{url}?step={event.sequence}").content.decode()
    Table.objects.filter(pk=table.pk).update(history_open=True)
    document = json.loads(ann.get(f"{url}hand.json").content)
    assert document["actions"][event.sequence - 1]["by"] == "clock"
    assert services.stored_result(replay(document)) == hand.result
    drew = 0
    for hand in table.hands.filter(finished=True, voided=False):
        seat = history.reviewer_seat(hand, ann.session.session_key)
        for action in history.full_document(hand)["actions"]:
            if action["seat"] == seat and action["type"] == "draw" and action["discard"]:
                Table.objects.filter(pk=table.pk).update(history_open=False)
                text = ann.get(f"/t/{table.invite}/hands/{hand.number}/hand.txt").content.decode()
                said = "throws away {}: " if hand.game == "sviten" else "draws {}: discards "
                assert f"Ann {said.format(len(action['discard']))}" in text  # (Sviten: the
                drew += 1  # new cards come after the one-ups)
    assert drew


def test_with_the_history_opened_every_card_is_shown():
    table, _ = play_session(seed=8)
    Table.objects.filter(pk=table.pk).update(history_open=True)
    hand = next(h for h in table.hands.filter(finished=True) if not h.voided)
    document = history.full_document(hand)
    final = replay(document)
    page = Client().get(f"/t/{table.invite}/hands/{hand.number}/?step={len(document['actions'])}")
    shown = set(re.findall(r'data-card="(..)"', page.content.decode()))
    held = {str(c) for p in final.players.values() for c in p.cards}
    assert held <= shown


def test_the_hand_list_filters_by_game_and_player():
    table, clients = play_session()
    ann = clients["Ann"]
    everything = ann.get(f"/t/{table.invite}/hands/").content.decode()
    levys = ann.get(f"/t/{table.invite}/hands/?game=levys").content.decode()
    assert "High-Low Declare" in everything and "High-Low Declare" not in levys.split("<tbody>")[1]
    first = table.hands.order_by("number").first().started.astimezone(UTC)  # (shown in the
    when = f'datetime="{first.isoformat()}" data-local>{first.day} {first:%b, %H:%M} UTC</time>'
    assert when in everything and "js/times.js" in everything  # reader's own zone by script)
    nobody = ann.get(f"/t/{table.invite}/hands/?player=Zed").content.decode()
    assert "No hands with Zed." in nobody
    assert "<th>You +/&minus;</th>" in everything  # a player's own, every hand listed
    stranger = Client().get(f"/t/{table.invite}/hands/").content.decode()
    assert "+/&minus;</th>" not in stranger  # the column comes with a player picked
    hers = ann.get(f"/t/{table.invite}/hands/?player=%20ANN").content.decode()
    assert "<th>Ann +/&minus;</th>" in hers  # named as at the table
    rows, total = hers.split("<tfoot>")
    shown = [int(n.replace("\u2212", "-")) for n in re.findall(r'<td class="net">(.+?)</td>', rows)]
    expected = []
    for hand in table.hands.filter(finished=True).order_by("number"):
        seat = next(s["seat"] for s in hand.document["seats"] if s["name"] == "Ann")
        start = next(s["stack"] for s in hand.document["seats"] if s["seat"] == seat)
        played = replay(history.full_document(hand))  # replayed here, from its actions
        expected.append(played.players[seat].stack - start)
    assert shown == expected and any(expected) and len(expected) >= 4
    net = f"{sum(expected):+d}".replace("-", "\u2212") if sum(expected) else "0"  # the foot
    assert f'Ann over {len(expected)} hands</th><td class="net">{net}</td>' in total  # adds up
    assert f'You over {len(expected)} hands</th><td class="net">{net}</td>' in everything


def test_a_hand_one_was_not_dealt_in_says_so_in_ones_column():
    """Listing every hand, one's own column says "not dealt in" where one had no seat,
    and 0 where one was dealt in and broke even: two things, told apart."""
    table = make_table("levys")
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    play_current_hand(table, random.Random(5))
    late = Client()
    late.get(f"/t/{table.invite}/")
    late.post(f"/t/{table.invite}/join/", {"seat": 3, "name": "Lou", "buy_in": 100})
    html = late.get(f"/t/{table.invite}/hands/").content.decode()
    assert '<td class="net"><small class="hint">not dealt in</small></td>' in html
    assert "<tfoot>" not in html  # (no hand of Lou's to add up)


def test_a_voided_hand_leaves_no_net_in_the_hand_list():
    table = make_table("levys")
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    services.void_hand(table.pk)
    name = Player.objects.get(table=table, seat=1).name
    html = Client().get(f"/t/{table.invite}/hands/?player={name}").content.decode()
    assert "voided" in html and '<td class="net">&mdash;</td>' in html
    assert "<tfoot>" not in html  # no hand counted: no total


def test_the_review_steps_through_the_hand_with_pot_limit_context():
    table, clients = play_session()
    hand = table.hands.filter(finished=True, voided=False).first()
    document = history.full_document(hand)
    bets = [k for k, a in enumerate(document["actions"], 1) if a["type"] in ("bet", "raise")]
    client = clients["Ann"]
    page = client.get(f"/t/{table.invite}/hands/{hand.number}/?step=0").content.decode()
    assert "the deal" in page and 'id="next"' in page and 'id="prev"' not in page
    assert " acted" not in page  # nobody has acted yet
    for step in (1, 2):  # each step frames the seat that took it, not the next to act
        page = client.get(f"/t/{table.invite}/hands/{hand.number}/?step={step}").content.decode()
        framed = re.findall(r'<div class="seat[^"]* acted[^"]*" data-seat="(\d+)"', page)
        assert framed == [str(document["actions"][step - 1]["seat"])]
    if bets:
        page = client.get(f"/t/{table.invite}/hands/{hand.number}/?step={bets[0]}").content
        limits = r"\(the pot was \d+; [a-z-]+ allowed (\d+ to|only) \d+\)"
        assert re.search(r"(bets|raises) to \d+ " + limits, page.decode())
        bettor = history.names_of(document)[document["actions"][bets[0] - 1]["seat"]]
        seat = re.search(rf'<div class="seat[^"]*"[^>]*>\s*<div class="who"><strong>{bettor}<'
                         r'(?:(?!class="seat).)*?<div class="said">([^<]+)</div>', page.decode(),
                         re.S)  # fmt: skip
        assert seat and seat.group(1).startswith(("Bet ", "Raise to ")), "its last action"
    last = client.get(f"/t/{table.invite}/hands/{hand.number}/?step=9999").content.decode()
    assert "Showdown" in last or "everyone else folded" in last
    caption = last.split('<p class="step-taken">')[1].split("</p>")[0]  # points to the list
    assert re.search(r"<a href=\"#result\">the&nbsp;(showdown|result),&nbsp;below</a>$", caption)
    assert '<section class="awards" id="result">' in last
    first = client.get(f"/t/{table.invite}/hands/{hand.number}/?step=1").content.decode()
    assert "#result" not in first  # (only the last step has a result to point to)


@pytest.mark.parametrize(
    "url",
    ["/t/{invite}/hands/999/", "/t/{invite}/hands/1/hand.xml", "/t/{invite}/session.pdf",
     "/t/nope/ledger/", "/t/nope/hands/"],
)  # fmt: skip
def test_bad_history_urls_are_not_found(url):
    table = make_table()
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    play_current_hand(table, random.Random(1))
    assert Client().get(url.format(invite=table.invite)).status_code == 404


def test_a_declaration_left_in_the_fist_never_shows_in_the_review_or_the_log():
    table = make_table("high-low-declare")
    clients = {}
    for seat, name in ((1, "Ann"), (2, "Bob")):
        client = Client()
        client.get(f"/t/{table.invite}/")
        client.post(f"/t/{table.invite}/join/", {"seat": seat, "name": name, "buy_in": 300})
        clients[seat] = client
    services.set_dealing(table.pk, True)
    if state.current_hand(table) is None:
        services.tick(table.pk, timezone.now() + timedelta(seconds=10))
    declarer = None
    while (hand := state.current_hand(table)) is not None:
        engine = state.load_engine(hand)
        seat = engine.actors()[0]
        if engine.step == "declare" and declarer is None:
            declarer, action = seat, {"type": "declare", "declaration": "low"}
        else:
            action = engine.absent_action(seat)  # checks, stands pat, folds at the declaration
            del action["seat"]
        services.act(table.pk, session_of(table, seat), hand.sequence, action)
    folder = 3 - declarer
    hand = table.hands.get(finished=True)
    url = f"/t/{table.invite}/hands/{hand.number}/"
    total = len(history.full_document(hand)["actions"])
    for client in (clients[folder], Client()):
        for step in range(total + 1):
            assert "declared Low" not in client.get(f"{url}?step={step}").content.decode()
        assert "declares Low" not in client.get(f"{url}hand.txt").content.decode()
    assert "declared Low" in clients[declarer].get(f"{url}?step={total}").content.decode()


@pytest.mark.parametrize("declare", ["vocal", "chips"])
def test_a_declaration_shows_once_on_its_seat_in_the_review(declare):
    table = make_table("high-low-declare", declare=declare, history_open=True)
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    while (hand := state.current_hand(table)) is not None:
        engine = state.load_engine(hand)
        seat = engine.actors()[0]
        action = ({"type": "declare", "declaration": "high"} if engine.step == "declare"
                  else engine.absent_action(seat))  # fmt: skip
        action.pop("seat", None)
        services.act(table.pk, session_of(table, seat), hand.sequence, action)
    hand = table.hands.get(finished=True)
    actions = history.full_document(hand)["actions"]
    step = next(k for k, a in enumerate(actions, 1) if a["type"] == "declare")
    page = Client().get(f"/t/{table.invite}/hands/{hand.number}/?step={step}").content.decode()
    seat = actions[step - 1]["seat"]  # (an open history: the fist's choice shows, grey)
    declarer = page.split(f'data-seat="{seat}"')[1].split("</div>\n  </div>")[0]
    assert declarer.count("eclared High") == 1  # the pill, or the note beside a bare pill
    if declare == "chips":
        assert '"notes">stood pat · declared High<' in declarer  # (its draw, as at the table)
        assert declarer.endswith('"said">Declared')
    closer = actions[step - 2]  # the check that closed the last round
    page = Client().get(f"/t/{table.invite}/hands/{hand.number}/?step={step - 1}").content
    seat = page.decode().split(f'data-seat="{closer["seat"]}"')[1].split("</div>\n  </div>")[0]
    assert closer["type"] == "check" and seat.endswith('"said">Check')
    if declare == "chips":  # (everyone takes chips at once: the closer is to act again)
        assert "<strong>to act</strong>" in seat


def test_the_hands_and_the_ledger_tell_a_player_dealt_in_that_their_hand_goes_on():
    table = make_table("levys")
    clients = {}
    for seat, name in enumerate(("Ann", "Bob"), start=1):
        clients[name] = Client()
        clients[name].get(f"/t/{table.invite}/")
        clients[name].post(f"/t/{table.invite}/join/", {"seat": seat, "name": name,
                                                        "buy_in": 100})  # fmt: skip
    watcher = Client()
    back = "Hand 1 is being played, and you are in it"
    services.set_dealing(table.pk, True)
    for page in (f"/t/{table.invite}/hands/", f"/t/{table.invite}/ledger/"):
        assert back in clients["Ann"].get(page).content.decode()
        assert back not in watcher.get(page).content.decode()  # a spectator: nothing to miss
    Table.objects.filter(pk=table.pk).update(away_after=90)
    said = clients["Ann"].get(f"/t/{table.invite}/hands/").content.decode()
    assert "After 90 seconds away from it, the clock acts for you on your turn." in said
    services.set_dealing(table.pk, False)
    play_current_hand(table, random.Random(1))
    assert "is being played" not in clients["Ann"].get(f"/t/{table.invite}/hands/").content.decode()


def test_the_ledger_counts_one_games_hands_without_a_list():
    table = make_table("levys")
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    rng, clock = random.Random(2), timezone.now()
    for hands in (1, 2):
        for player in Player.objects.filter(table=table, stack__lt=100):  # (a bust: no hand 2)
            services.request_rebuy(table.pk, player.session_key, 100)
        if state.current_hand(table) is None:  # the pause after a showdown
            clock += timedelta(seconds=10)
            services.tick(table.pk, clock)
        play_current_hand(table, rng)
        ledger = Client().get(f"/t/{table.invite}/ledger/").content.decode()
        said = f"<li>{hands} hand{'s' * (hands > 1)} of Levy&#x27;s Game</li>"
        assert said in ledger and "Game 1" not in ledger and "Game 2" not in ledger


def test_a_player_who_left_is_marked_beside_a_bracket_of_their_own_name():
    from games.history import LedgerRow
    from games.templatetags.poker import left_mark

    dj = Player(name="Dan (DJ)", status="left")
    assert left_mark(LedgerRow(player=dj, label="Dan (DJ)")) == "Dan (DJ) (left)"
    bot = Player(name="Bot Ada", status="left", bot=True)
    assert left_mark(LedgerRow(player=bot, label="Bot Ada (bot)")) == "Bot Ada (bot, left)"
    seated = Player(name="Cat", status="seated")
    assert left_mark(LedgerRow(player=seated, label="Cat (seat 3)")) == "Cat (seat 3)"


def played_for_notes(game: str, choose) -> tuple[list[dict], object]:
    """A two-seat hand of ``game`` played to its end, each action the seat's default
    unless ``choose(engine, seat, action)`` changes it; the hand's actions, and the seats'
    notes at a step of its review as seat 1 sees it."""
    table = make_table(game)
    seat_players(table, 2)
    services.set_dealing(table.pk, True)
    while (hand := state.current_hand(table)) is not None:
        engine = state.load_engine(hand)
        seat = engine.actors()[0]
        action = choose(engine, seat, engine.absent_action(seat))
        action.pop("seat", None)
        services.act(table.pk, session_of(table, seat), hand.sequence, action)
    hand = table.hands.get(finished=True)
    client = Client()
    client.cookies["sessionid"] = session_of(table, 1)

    def notes(step: int) -> list[str]:
        page = client.get(f"/t/{table.invite}/hands/{hand.number}/?step={step}").content.decode()
        return [n.removesuffix(" &middot; ")  # (before "to act")
                for n in re.findall(r'<div class="notes">([^<]*)', page)]  # fmt: skip

    return history.full_document(hand)["actions"], notes


def test_the_review_notes_each_seats_draw_until_the_result():
    def choose(engine, seat: int, action: dict) -> dict:
        if engine.step == "draw" and seat == 1:  # seat 1 draws 2, seat 2 stands pat
            return dict(action, discard=[str(c) for c in engine.players[1].cards[:2]])
        if engine.step == "declare":
            return {"type": "declare", "declaration": "high"}
        return action

    actions, notes = played_for_notes("high-low-declare", choose)
    drawn = max(k for k, a in enumerate(actions, 1) if a["type"] == "draw")
    assert notes(1) == ["", ""]  # before the draw
    assert sum(bool(n) for n in notes(drawn - 1)) == 1  # the first to draw's only
    assert notes(drawn) == ["drew 2", "stood pat"]
    assert "drew 2" not in notes(len(actions))  # the result: the hands say more


def test_the_review_says_a_sviten_seat_threw_away_until_its_new_cards_come():
    def choose(engine, seat: int, action: dict) -> dict:
        if engine.step == "lock":  # each throws away two
            return dict(action, discard=[str(c) for c in engine.players[seat].cards[:2]])
        if action["type"] == "fold":  # (the small blind calls: the hand goes on)
            return {"type": "call"}
        return action

    actions, notes = played_for_notes("sviten", choose)
    locks = [k for k, a in enumerate(actions, 1) if a["type"] == "draw"][-2:]
    assert "threw away 2" in notes(locks[0])  # the first to choose: its new cards to come
    assert notes(locks[1]) == ["drew 2", "drew 2"]  # everyone has chosen: dealt


def test_a_reviewed_seat_says_all_in_as_the_table_did():
    hands = ["6c 4d 3c 2d Ac", "As Ah Kh Qs 9c", "Ks Kd 7h 8c 2h"]
    document = played(
        scripted_document("high-low-declare", hands, stacks=[5, 100, 100], ante=1,
                          structure="no-limit", min_bet=2),
        "1 bet 4", "2 raise 20", "3 call",
    )  # fmt: skip
    seen = history.reviewed(document, 3, None, True)
    assert [s["notes"] for s in seen["seats"]] == ["all-in", "", ""]
    assert seen["pot_parts"] == " (15 main, 32 side)"  # (the page puts it after the pot)


def test_a_ledger_with_no_chips_bought_says_nobody_owes_and_asks_no_bank():
    table = make_table("levys")
    page = Client().get(f"/t/{table.invite}/ledger/").content.decode()
    settle = page.split("<h2>Settle up</h2>")[1].split("<h2>Ledger</h2>")[0]
    assert "<p>Nobody owes anybody anything.</p>" in settle
    assert "If nobody has paid" not in settle and "If a bank sold" not in settle


def test_the_settle_up_names_who_still_plays_until_they_leave():
    table = make_table("levys")
    seat_players(table, 3)
    services.set_dealing(table.pk, True)
    play_current_hand(table, random.Random(5))
    services.cash_out(table.pk, Player.objects.get(table=table, name="P3").pk)
    page = Client().get(f"/t/{table.invite}/ledger/").content.decode()
    settle = page.split("<h2>Settle up</h2>")[1].split("<h2>Ledger</h2>")[0]
    assert "P1 and P2 are still at the table: the settle-up counts their stacks" in settle
    services.end_game(table.pk)  # everyone cashed out: the settle-up is final
    page = Client().get(f"/t/{table.invite}/ledger/").content.decode()
    assert "still at the table" not in page and " pays " in page
    assert "paid each cash-out as it came</h3>" in page
    assert "Everyone is square with the bank already" in page
