"""Pages. The home page says what pokerhome is."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.rules.catalog import GAMES


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"games": GAMES.values()})
