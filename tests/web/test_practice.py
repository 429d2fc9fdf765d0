"""A practice table: one person and bots, the bots acting through the table's clock."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.db.models import F
from django.test import Client
from django.utils import timezone

from games import history, services, state
from games.forms import as_sent
from games.models import ChatLine, LedgerEntry, Player, Table
from games.rules.catalog import house_rules
from tests.web.helpers import assert_chips_balance, make_table
from tests.web.scripted import fold_around

pytestmark = pytest.mark.django_db


def open_practice(client: Client, game: str, bots: int) -> Table:
    response = client.post("/practice/", {"game": game, "bots": bots, "name": "Pat"})
    assert response.status_code == 302, response.content
    return Table.objects.latest("pk")


def play_out(table: Table, me: str) -> int:
    """Play the hand: the bots through the clock, the person checking or calling."""
    for moves in range(400):
        hand = state.current_hand(table)
        if hand is None:
            return moves
        engine = state.load_engine(hand)
        seat = engine.actors()[0]
        player = Player.objects.get(pk=hand.seat_players[str(seat)])
        if player.bot:
            assert hand.deadline is not None  # a bot's pause, with no action clock at all
            services.tick(table.pk, now=hand.deadline + timedelta(seconds=0.1))
        else:
            action = engine.absent_action(seat)
            legal = engine.legal_actions(seat)
            if legal["step"] == "betting" and "call" in legal["kinds"]:
                action = {"type": "call"}
            if legal["step"] == "declare":
                action = {"type": "declare", "declaration": "high"}
            action.pop("seat", None)
            services.act(table.pk, me, hand.sequence, action)
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize(("game", "bots"), [("levys", 3), ("high-low-declare", 2), ("sviten", 5)])
def test_a_person_plays_a_whole_hand_against_bots(game, bots):
    client = Client()
    table = open_practice(client, game, bots)
    assert table.practice and table.game == game
    players = list(Player.objects.filter(table=table).order_by("seat"))
    assert [p.bot for p in players] == [False] + [True] * bots
    me = players[0].session_key
    assert play_out(table, me) > bots
    hand = table.hands.get(number=1)
    assert hand.finished and set(hand.bots) == {p.seat for p in players if p.bot}
    assert_chips_balance(table)
    page = client.get(f"/t/{table.invite}/").content.decode()
    assert '<span class="bot" title="played by the computer">bot</span>' in page


def test_a_bot_out_of_chips_buys_in_again_as_the_hand_ends():
    client = Client()
    table = open_practice(client, "levys", 2)
    me = Player.objects.get(table=table, bot=False).session_key
    taken = set(Player.objects.filter(table=table).values_list("seat", flat=True))
    free = min(set(range(1, table.seat_count + 1)) - taken)
    client.post(f"/t/{table.invite}/do/bot/", {"seat": free, "buy_in": 300})
    bot = Player.objects.get(table=table, seat=free)  # seated with less than the maximum
    for number in range(1, 30):
        play_out(table, me)
        hand = table.hands.get(number=number)
        bot.refresh_from_db()
        if hand.result["stacks"].get(str(bot.seat)) == 0:  # (dealt in from hand 2 on)
            break
        if bot.stack > 1:
            services.adjust_stack(table.pk, bot.pk, 1 - bot.stack, "one chip left")
        due = Table.objects.get(pk=table.pk).next_deal_at  # (the bots' clock runs ahead)
        services.tick(table.pk, now=due + timedelta(seconds=0.1))
    else:
        raise AssertionError("the bot never lost its last chip")
    assert bot.stack == 300 and bot.status == Player.SEATED  # as much as it first bought
    rebuy = LedgerEntry.objects.filter(player=bot, kind="rebuy").get()
    assert rebuy.amount == 300
    told = ChatLine.objects.filter(table=table, player=bot, told=True).latest("pk").text
    assert told == "rebuys 300, for a stack of 300."  # its full stack at the showdown: why
    page = client.get(f"/t/{table.invite}/").content.decode()
    seat = page.split(f'data-seat="{free}"')[1].split('<div class="seat')[0]
    assert '<div class="chips">300' in seat and "bought in again" in seat  # (not "kept" it)
    assert page.count("bought in again") == 1
    assert_chips_balance(table)


@pytest.mark.parametrize(("game", "bots", "seats"), [
    ("levys", 3, [1, 3, 5, 7]), ("levys", 7, list(range(1, 9))), ("sviten", 2, [1, 3, 5]),
    ("high-low-declare", 1, [1, 5]),
])  # fmt: skip
def test_the_bots_sit_evenly_around_the_table(game, bots, seats):
    table = open_practice(Client(), game, bots)
    assert [p.seat for p in Player.objects.filter(table=table).order_by("seat")] == seats


def test_a_practice_tables_tools_speak_to_a_player_not_a_host():
    client = Client()
    table = open_practice(client, "levys", 2)
    page = client.get(f"/t/{table.invite}/").content.decode()
    assert "<h2>Your practice table</h2>" in page and "<h2>Host tools</h2>" not in page
    assert "Host tools" not in page and "its chips are yours" not in page.lower()
    assert 'id="bot-buy-in"' in page  # more bots, still
    from tests.web.test_views import host_client

    host, real = host_client()
    page = host.get(f"/t/{real.invite}/").content.decode()
    assert "<h2>Host tools</h2>" in page and "its chips are yours" in page


def test_a_practice_ledger_asks_nobody_to_settle_up():
    client = Client()
    table = open_practice(client, "levys", 2)
    me = Player.objects.get(table=table, bot=False).session_key
    play_out(table, me)
    page = client.get(f"/t/{table.invite}/ledger/").content.decode()
    assert "nobody settles up" in page and " pays " not in page and "Settle up" not in page
    assert "the ledger balances" in page
    rows = page.split('<table class="ledger book">')[1].split("</table>")[0]
    assert "(bot)</td>" in rows and "host" not in rows  # the bots play the player's chips
    told = client.post(f"/t/{table.invite}/me/cash-out/").content.decode()
    assert "You cashed out" in told and "settle" not in told


def test_a_practice_table_touches_no_other_tables_ledger():
    real = make_table("levys")
    services.request_seat(real.pk, "x1", 1, "Ann", 100)
    before = list(LedgerEntry.objects.filter(table=real).values_list("pk", flat=True))
    open_practice(Client(), "levys", 2)
    assert list(LedgerEntry.objects.filter(table=real).values_list("pk", flat=True)) == before


def test_too_many_bots_for_the_game_are_refused_and_nothing_is_opened():
    count = Table.objects.count()
    response = Client().post("/practice/", {"game": "sviten", "bots": 6, "name": "Pat"})
    assert response.status_code == 400 and "bots" in response.content.decode()
    assert Table.objects.count() == count


def test_the_host_seats_a_bot_at_a_real_table_and_the_ledger_names_it_the_hosts():
    from tests.web.test_views import host_client

    client, table = host_client()
    response = client.post(f"/t/{table.invite}/do/bot/", {"seat": 3})
    assert "Bot Ada sits in seat 3 with 500 chips (yours" in response.content.decode()
    bot = Player.objects.get(table=table, bot=True)
    assert (bot.seat, bot.name, bot.status) == (3, "Bot Ada", "seated")
    assert (
        "Bot Ada (the host&#x27;s bot)" in client.get(f"/t/{table.invite}/ledger/").content.decode()
    )
    taken = client.post(f"/t/{table.invite}/do/bot/", {"seat": 3})
    assert "Seat 3 is taken" in taken.content.decode()
    stranger = Client().post(f"/t/{table.invite}/do/bot/", {"seat": 4})
    assert "Only the host" in stranger.content.decode()
    assert Player.objects.filter(table=table, bot=True).count() == 1
    services.cash_out(table.pk, bot.pk)  # removed: one bracket says both
    ledger = client.get(f"/t/{table.invite}/ledger/").content.decode()
    assert "<td>Bot Ada (the host&#x27;s bot, left)</td>" in ledger


def test_the_host_chooses_a_bots_buy_in_within_the_tables_range():
    from tests.web.test_views import host_client

    client, table = host_client()
    page = client.get(f"/t/{table.invite}/").content.decode()
    assert 'id="bot-buy-in"' in page and f'value="{table.max_buy_in}"' in page
    seats = page.split('id="bot-seat"')[1].split("</select>")[0]  # a push keeps the choice
    assert '<option value="2">2</option>' in seats  # (table.js restores it by its value)
    response = client.post(f"/t/{table.invite}/do/bot/", {"seat": 2, "buy_in": 150})
    assert "sits in seat 2 with 150 chips" in response.content.decode()
    assert Player.objects.get(table=table, bot=True).stack == 150
    for wrong in (table.max_buy_in + 1, table.min_buy_in - 1):
        refused = client.post(f"/t/{table.invite}/do/bot/", {"seat": 4, "buy_in": wrong})
        assert "The buy-in is 100 to 500 chips" in refused.content.decode()
    forged = client.post(f"/t/{table.invite}/do/bot/", {"seat": 4, "buy_in": "lots"})
    assert "The buy-in must be a whole number" in forged.content.decode()
    assert Player.objects.filter(table=table).count() == 1  # nothing changed


def test_the_host_settles_for_their_bots_and_the_bank():
    from tests.web.test_views import host_client

    host, table = host_client()
    host.post(f"/t/{table.invite}/join/", {"seat": 1, "name": "Sam", "buy_in": 100})
    assert Player.objects.get(table=table, seat=1).host
    host.post(f"/t/{table.invite}/do/bot/", {"seat": 2})
    services.request_seat(table.pk, "s3", 3, "Ann", 100)
    sam, ada, ann = (Player.objects.get(table=table, seat=s) for s in (1, 2, 3))
    services.adjust_stack(table.pk, ann.pk, 10, kind="correction")  # the bank's -10
    for player, chips in ((ada, -43), (sam, 11), (ann, 32)):  # as if they had played
        Player.objects.filter(pk=player.pk).update(stack=F("stack") + chips)
    book = history.ledger(table)
    nets = {row.label: row.net for row in book.rows}
    assert nets == {"Sam": 11, "Bot Ada (the host's bot)": -43, "Ann": 42}
    assert book.balance == 0 and book.bank_net == -10
    assert book.payments == [("Sam", "Ann", 42)]  # 11 - 43 - 10: the host's -42
    page = host.get(f"/t/{table.invite}/ledger/").content.decode()
    assert "Sam pays Ann 42 chips" in page
    note = (
        "Sam settles for Bot Ada (\u221243) and the bank (\u221210): the host&#x27;s bots play the"
        " host&#x27;s chips, and the host is the bank of the corrections. With their own +11,"
        " \u221242 in all."
    )
    assert note in page
    services.cash_out(table.pk, sam.pk)  # gone home: still the host, still settling
    assert history.ledger(table).payments == [("Sam", "Ann", 42)]
    Player.objects.filter(pk=ann.pk).update(stack=F("stack") + 1)  # a chip from nowhere
    page = host.get(f"/t/{table.invite}/ledger/").content.decode()
    assert "the ledger does not balance" in page and "Settle-up waits until the ledger" in page
    assert "Nobody owes" not in page and " pays " not in page


def test_at_a_real_table_why_is_offered_for_a_bot_only_once_its_cards_may_be_seen():
    from tests.web.test_views import host_client

    host, table = host_client()
    host.post(f"/t/{table.invite}/do/bot/", {"seat": 2})
    services.request_seat(table.pk, "s1", 1, "Ann", 100)
    services.set_dealing(table.pk, True)
    fold_around(table)  # won without a showdown: nobody's cards shown
    services.set_dealing(table.pk, False)
    assert 'class="why"' not in host.get(f"/t/{table.invite}/").content.decode()
    services.change_settings(table.pk, history_open=True)
    assert 'class="why"' in host.get(f"/t/{table.invite}/").content.decode()


def test_a_bot_explains_its_last_move_only_once_its_cards_were_shown():
    client = Client()
    table = open_practice(client, "high-low-declare", 2)
    me = Player.objects.get(table=table, bot=False).session_key
    hand = state.current_hand(table)
    bot_seat = hand.bots[0]
    said = client.get(f"/t/{table.invite}/explain/{bot_seat}/").content.decode()
    assert "Ask when the hand is over" in said  # its cards are still its own
    assert 'class="why"' not in client.get(f"/t/{table.invite}/").content.decode()  # nor asked
    play_out(table, me)
    hand.refresh_from_db()
    engine = state.load_engine(hand)
    said = client.get(f"/t/{table.invite}/explain/{bot_seat}/").content.decode()
    assert said.count("Bot ") == 1 and ": " in said  # a practice table shows every card,
    page = client.get(f"/t/{table.invite}/").content.decode()
    assert "each finished hand's review shows every card" in page
    # Where the history is closed, a hand not shown down stays hidden.
    services.change_settings(table.pk, history_open=False)
    hidden = client.get(f"/t/{table.invite}/explain/{bot_seat}/").content.decode()
    shown = not engine.players[bot_seat].folded and engine.showdown
    assert ("kept its cards hidden" in hidden) != shown and (hidden == said) == shown
    services.change_settings(table.pk, history_open=True)
    assert state.current_hand(table) is None  # between hands "Why?" is offered, to the bots
    page = client.get(f"/t/{table.invite}/").content.decode()  # that played the hand
    assert page.count('class="why"') == len(hand.bots)
    free = next(
        n
        for n in range(1, table.seat_count + 1)
        if not Player.objects.filter(table=table, seat=n, status=Player.SEATED).exists()
    )
    services.sit_bot(table.pk, free)  # a bot seated since has nothing to explain
    page = client.get(f"/t/{table.invite}/").content.decode()
    assert page.count('class="why"') == len(hand.bots)
    services.tick(table.pk, timezone.now() + timedelta(seconds=30))  # it waits for the person
    page = client.get(f"/t/{table.invite}/").content.decode()
    assert state.current_hand(table) is None and "Deal the next hand</button>" in page
    client.post(f"/t/{table.invite}/me/deal-now/", {"after": hand.number})
    assert state.current_hand(table).number == hand.number + 1
    again = client.get(f"/t/{table.invite}/explain/{bot_seat}/").content.decode()
    assert again == said  # still of the hand over, not of the one being played
    assert "Only a bot" in client.get(f"/t/{table.invite}/explain/1/").content.decode()


def test_the_person_deals_the_next_practice_hand_when_ready():
    client = Client()
    table = open_practice(client, "levys", 2)
    me = Player.objects.get(table=table, bot=False).session_key
    deal = f"/t/{table.invite}/me/deal-now/"
    assert "A hand is being played" in client.post(deal, {"after": 1}).content.decode()
    play_out(table, me)
    services.tick(table.pk, timezone.now() + timedelta(minutes=9))  # the result stays up
    assert state.current_hand(table) is None
    assert 'name="after" value="1"><button class="primary">Deal the next hand' in client.get(
        f"/t/{table.invite}/").content.decode()  # fmt: skip
    watcher = Client()  # only the person at the table deals
    assert "You are not seated" in watcher.post(deal, {"after": 1}).content.decode()
    for bad in ({"after": "one"}, {"after": "0"}):  # forged, or a page behind the table
        said = client.post(deal, bad).content.decode()
        assert "not a hand number" in said or "moved on" in said
    assert state.current_hand(table) is None
    assert client.post(deal, {"after": 1}).status_code == 200
    assert state.current_hand(table).number == 2
    version = Table.objects.get(pk=table.pk).version
    said = client.post(deal, {"after": 1}).content.decode()  # the double tap's second
    assert "error" not in said and Table.objects.get(pk=table.pk).version == version
    play_out(table, me)
    services.tick(table.pk, timezone.now() + timedelta(minutes=11))  # one left: it goes on
    assert state.current_hand(table).number == 3
    services.void_hand(table.pk)  # a voided hand waits for the person too
    services.tick(table.pk, timezone.now() + timedelta(minutes=1))
    assert state.current_hand(table) is None
    from tests.web.test_views import host_client

    host, real = host_client()  # at a real table the pause decides, not a player
    host.post(f"/t/{real.invite}/join/", {"seat": 1, "name": "Hal", "buy_in": 100})
    said = host.post(f"/t/{real.invite}/me/deal-now/").content.decode()
    assert "Hands are dealt when the last one&#x27;s pause is over" in said
    assert "Deal the next hand" not in host.get(f"/t/{real.invite}/").content.decode()


def test_the_hands_list_offers_only_the_games_the_table_has_dealt():
    client = Client()
    table = open_practice(client, "sviten", 2)
    play_out(table, Player.objects.get(table=table, bot=False).session_key)
    page = client.get(f"/t/{table.invite}/hands/").content.decode()
    picker = page.split('<select name="game">')[1].split("</select>")[0]
    assert re.findall(r'<option value="([a-z-]*)"', picker) == ["", "sviten"]  # all, Sviten


def test_a_bot_is_never_shown_away():
    client = Client()
    table = open_practice(client, "levys", 2)
    page = client.get(f"/t/{table.invite}/").content.decode()
    for seat in (2, 3):
        assert "away" not in page.split(f'data-seat="{seat}"')[1].split('<div class="seat')[0]


def test_a_refused_name_opens_no_practice_table():
    count = Table.objects.count()
    response = Client().post("/practice/", {"game": "levys", "bots": 2, "name": "cashier"})
    assert response.status_code == 400 and "ledger" in response.content.decode()
    assert Table.objects.count() == count


def test_the_host_may_not_act_for_a_bot():
    client = Client()
    table = open_practice(client, "levys", 2)
    hand = state.current_hand(table)
    bot_seat = hand.bots[0]
    with pytest.raises(services.ServiceError, match="bot"):
        services.act_for_absent(table.pk, bot_seat, hand.sequence)
    assert state.current_hand(table).sequence == hand.sequence


def test_a_bots_randomness_is_seeded_by_the_secret_deck_not_by_public_numbers():
    client = Client()
    table = open_practice(client, "levys", 2)
    hand = state.current_hand(table)
    first = services.bot_rng(hand, 3, 2).random()
    assert services.bot_rng(hand, 3, 2).random() == first  # the same moment, the same choice
    hand.document = {**hand.document, "deck": list(reversed(hand.document["deck"]))}
    assert services.bot_rng(hand, 3, 2).random() != first


def test_a_bots_pause_shows_no_clock_and_a_players_action_clock_does():
    client = Client()
    table = open_practice(client, "levys", 2)
    for _ in range(20):  # the person acts until a bot is to act
        hand = state.current_hand(table)
        engine = state.load_engine(hand)
        if engine.actors()[0] in hand.bots:
            break
        action = engine.absent_action(engine.actors()[0])
        action.pop("seat")
        services.act(table.pk, client.session.session_key, hand.sequence, action)
    page = client.get(f"/t/{table.invite}/").content.decode()
    assert "Bot " in page and "to act" in page and 'class="clock"' not in page
    # nor may the host act for it or mute it (nor mute themselves): the host's list offers
    assert "Act for " not in page and "Mute in the chat" not in page  # neither for a bot
    timed = make_table("levys", action_clock=30)
    for seat in (1, 2):
        services.request_seat(timed.pk, f"s{seat}", seat, f"P{seat}", 100)
    services.set_dealing(timed.pk, True)
    assert 'class="clock" data-deadline=' in Client().get(f"/t/{timed.invite}/").content.decode()


@pytest.mark.parametrize(("bots", "taken"), [(2, None), (3, 7)])
def test_a_table_changed_to_a_game_for_fewer_players_keeps_the_seats_it_can(bots, taken):
    client = Client()
    table = open_practice(client, "levys", bots)  # eight seats; the bots spread around
    sent = as_sent({**house_rules("sviten"), "history_open": True})
    said = client.post(f"/t/{table.invite}/do/settings/", sent, HTTP_HX_REQUEST="true")
    table.refresh_from_db()
    if taken is None:  # seats 1, 4 and 6: the table keeps six
        assert (table.game, table.seat_count) == ("sviten", 6)
        assert "6 seats" in said.content.decode()
        assert table.name == "Practice: Sviten Special"  # named for the game it plays now
        assert "<title>Hands · Practice: Sviten Special" in client.get(
            f"/t/{table.invite}/hands/").content.decode()  # fmt: skip
    else:  # a bot in seat 7: nothing changes, and the host is told why
        assert (table.game, table.seat_count) == ("levys", 8)
        assert "Sviten Special seats 6 at most, and seat 7 is taken" in said.content.decode()


def test_a_bot_that_folded_says_why_it_folded():
    client = Client()
    for _ in range(30):  # practice hands until a bot folds in one (about one in two does)
        table = open_practice(client, "high-low-declare", 3)
        hand = state.current_hand(table)
        play_out(table, Player.objects.get(table=table, bot=False).session_key)
        engine = state.load_engine(Table.objects.get(pk=table.pk).hands.get(pk=hand.pk))
        folded = [s for s in hand.bots if engine.players[s].folded]
        if folded:
            break
    else:
        raise AssertionError("no bot folded in thirty hands")
    said = client.get(f"/t/{table.invite}/explain/{folded[0]}/").content.decode()
    assert ": " in said and "folding" in said  # not "cards it later changed": it folded them


def test_a_practice_review_gives_each_bot_move_its_reason_and_a_closed_one_none():
    client = Client()
    table = open_practice(client, "levys", 3)
    hand = state.current_hand(table)
    play_out(table, Player.objects.get(table=table, bot=False).session_key)
    hand.refresh_from_db()
    document = history.full_document(hand)
    names = {s["seat"]: s["name"] for s in document["seats"]}
    reasons = 0
    for step, action in enumerate(document["actions"], start=1):
        page = client.get(f"/t/{table.invite}/hands/{hand.number}/?step={step}").content.decode()
        if action["seat"] in hand.bots:  # its reason: the same a bot gives, "Why?" aside
            assert f'<p class="bot-why"><strong>Why?</strong> {names[action["seat"]]}: ' in page
            reasons += 1
        else:
            assert "bot-why" not in page  # the person's own moves need none
    assert reasons >= 2
    services.change_settings(table.pk, history_open=False)  # its cards are its own again
    step = next(k for k, a in enumerate(document["actions"], 1) if a["seat"] in hand.bots)
    page = client.get(f"/t/{table.invite}/hands/{hand.number}/?step={step}").content.decode()
    assert "bot-why" not in page
