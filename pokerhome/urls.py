from __future__ import annotations

from django.templatetags.static import static
from django.urls import path, register_converter
from django.views.generic import RedirectView

from games import history_views, rules_pages, views
from games.forms import TOKEN


class TokenConverter:
    """An invite or a host secret: letters, digits, '-' and '_' (models.new_token). Any
    other path is not found before a database is asked (PostgreSQL refuses a NUL byte)."""

    regex = TOKEN.pattern

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class HandNumberConverter:
    """A hand's number: up to nine digits, as many as its column holds."""

    regex = "[0-9]{1,9}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(TokenConverter, "token")
register_converter(HandNumberConverter, "hand")

urlpatterns = [
    path("", views.home, name="home"),
    path("favicon.ico", RedirectView.as_view(url=static("favicon.svg"))),
    path("new/", views.new_table, name="new_table"),
    path("practice/", views.practice, name="practice"),
    path("rules/", rules_pages.rules_page, name="rules"),
    path("rules/<slug:game>/", rules_pages.rules_page, name="rules_game"),
    path("t/<token:invite>/", views.table_page, name="table"),
    path("t/<token:invite>/host/<token:secret>/", views.host_link, name="host_link"),
    path("t/<token:invite>/join/", views.join, name="join"),
    path("t/<token:invite>/explain/<int:seat>/", views.explain, name="explain"),
    path("t/<token:invite>/chat/", views.say, name="chat"),
    path("t/<token:invite>/me/<str:what>/", views.player_action, name="player_action"),
    path("t/<token:invite>/do/<str:what>/", views.host_action, name="host_action"),
    path("t/<token:invite>/hands/", history_views.hand_list, name="hands"),
    path("t/<token:invite>/hands/<hand:number>/", history_views.hand_review, name="review"),
    path(
        "t/<token:invite>/hands/<hand:number>/hand.<str:fmt>",
        history_views.hand_export,
        name="hand_export",
    ),
    path("t/<token:invite>/session.<str:fmt>", history_views.session_export, name="session_export"),
    path("t/<token:invite>/ledger/", history_views.ledger_page, name="ledger"),
    path("t/<token:invite>/ledger.csv", history_views.ledger_csv, name="ledger_csv"),
]
