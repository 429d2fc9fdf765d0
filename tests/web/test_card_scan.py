"""The leak scans read cards however a page writes them, and never in random tokens."""

from tests.web.helpers import cards_in


def test_cards_are_read_from_attributes_faces_and_text():
    page = (
        '<span class="card" data-card="7c">7<small>♣</small></span>'
        "<span>10<small>♥</small></span><li>P2 shows Q♠</li>"
    )
    assert cards_in(page) == {"7c", "Th", "Qs"}


def test_an_invite_or_key_that_starts_like_a_card_is_not_a_card():
    page = (
        '<form hx-post="/t/7c5lMMzf-e-bqKm3eD31_Q/chat/">'
        '<input name="csrfmiddlewaretoken" value="Ah9x0a1b2c3d4e5f6g7h8i9j0k1l2m3n">'
        '<a href="/t/abcdefgh-Kd_2xyzwvutsrq/">'
    )
    assert cards_in(page) == set()
    assert cards_in(page + '<span data-card="Kd"></span>') == {"Kd"}
