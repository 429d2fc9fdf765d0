from __future__ import annotations

from django.urls import path

from games import history_views, views

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.new_table, name="new_table"),
    path("t/<str:invite>/", views.table_page, name="table"),
    path("t/<str:invite>/host/<str:secret>/", views.host_link, name="host_link"),
    path("t/<str:invite>/join/", views.join, name="join"),
    path("t/<str:invite>/me/<str:what>/", views.player_action, name="player_action"),
    path("t/<str:invite>/do/<str:what>/", views.host_action, name="host_action"),
    path("t/<str:invite>/hands/", history_views.hand_list, name="hands"),
    path("t/<str:invite>/hands/<int:number>/", history_views.hand_review, name="review"),
    path(
        "t/<str:invite>/hands/<int:number>/hand.<str:fmt>",
        history_views.hand_export,
        name="hand_export",
    ),
    path("t/<str:invite>/session.<str:fmt>", history_views.session_export, name="session_export"),
    path("t/<str:invite>/ledger/", history_views.ledger_page, name="ledger"),
    path("t/<str:invite>/ledger.csv", history_views.ledger_csv, name="ledger_csv"),
]
