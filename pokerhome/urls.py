from __future__ import annotations

from django.urls import path

from games import views

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.new_table, name="new_table"),
    path("t/<str:invite>/", views.table_page, name="table"),
    path("t/<str:invite>/host/<str:secret>/", views.host_link, name="host_link"),
    path("t/<str:invite>/join/", views.join, name="join"),
    path("t/<str:invite>/me/<str:what>/", views.player_action, name="player_action"),
    path("t/<str:invite>/do/<str:what>/", views.host_action, name="host_action"),
]
