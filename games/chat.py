"""The table's chat: seated players and the host talk (and, once the host has ended the
game, its players), everyone at the table reads.

A line is a change of the table like any other (games.services.writes_table): it makes
a new version, and every browser is shown it with the rest of the table. The lines are
kept with the table and never with a hand: no hand history or export holds them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from games import statements
from games.models import ChatLine, Player, Table
from games.services import ServiceError, chat_line, players, writes_table
from games.state import cashed_out_players, copied

LINES_PER_SPEAKER = 5  # at most this many lines ...
RATE_WINDOW = timedelta(seconds=10)  # ... within this long, counted in the database


@writes_table
def say(
    table: Table, session_key: str, text: str, is_host: bool = False, now: datetime | None = None
) -> None:
    """A line said by a seated player, or by the host (seated or not). ``text`` is
    checked already (games.forms.ChatForm): plain, 1 to 200 characters."""
    now = now or timezone.now()
    speaker = _speaker(table, session_key)
    if speaker is None and not is_host:
        raise ServiceError("take a seat to chat: until then you can read along")
    if speaker is not None and speaker.muted and not is_host:
        raise ServiceError("the host has muted you")
    _within_rate(table, speaker, now)
    chat_line(table, speaker, text, by_host=is_host, now=now)


def _speaker(table: Table, session_key: str) -> Player | None:
    """The seated player behind the session; once the game has ended, its player, all
    cashed out (who pays whom is talked over after the last hand)."""
    found = (p for p in players(table) if session_key and p.session_key == session_key)
    player = next(found, None)
    if player is not None and player.status == Player.SEATED:
        return player
    if table.ended and session_key:  # (its latest seat: muted, it is refused)
        return cashed_out_players(table).filter(session_key=session_key).order_by("-pk").first()
    return None


def _within_rate(table: Table, speaker: Player | None, now: datetime) -> None:
    """Refuse a line past the speaker's rate: counted from the lines in the database, so
    it holds for every process and every socket or tab of the speaker's. (Two lines of one
    speaker at once: the fence lets one be written, and the other is counted again.)"""
    lines = ChatLine.objects.filter(table=table, created__gt=now - RATE_WINDOW, told=False)
    lines = lines.filter(player=speaker) if speaker else lines.filter(player=None, by_host=True)
    if lines.count() >= LINES_PER_SPEAKER:
        seconds = int(RATE_WINDOW.total_seconds())
        raise ServiceError(f"at most {LINES_PER_SPEAKER} lines in {seconds} seconds: wait a moment")


@writes_table
def mute(table: Table, player_id: int, muted: bool) -> str:
    """The host mutes a player (who can still read the chat), or lets them talk again;
    once the game has ended, one of its players, all cashed out."""
    player = next((p for p in players(table) if p.pk == player_id), None)
    if player is None and table.ended:
        player = next((p for p in table.change.held.ended_game if p.pk == player_id), None)
        if player is not None:  # (a copy: the version held keeps its own)
            player = copied(player)
            players(table).append(player)
    if player is None:
        raise ServiceError("there is no such player at this table")
    player.muted = muted
    statements.update(player, "muted")
    return f"{player.name} is muted." if muted else f"{player.name} can chat again."
