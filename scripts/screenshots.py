"""The screenshot gallery in docs/screenshots/, made by playing real hands in a browser.

    .venv/bin/python scripts/screenshots.py

Starts a server on a fresh SQLite database (tests/live/harness), seats Ann, Bob and Cat
in Debian's Chromium (the e2e tests' helpers, tests/e2e/) and plays a hand of each game,
saving each moment below at phone (390x844) and desktop (1280x800) size, as the screen
shows it: a betting step, Levy's arrange step, a draw, Sviten's one-up, a showdown, the
hand review and the new-table form. With ``pngquant`` on the PATH the images are
quantised to stay small.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.e2e.test_accessibility import step_kind  # noqa: E402
from tests.e2e.test_browser import LAPTOP, PHONE, SETTINGS, Player, play_until, sit  # noqa: E402
from tests.live.harness import Server, migrate, server_env  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
SIZES = {"phone": PHONE, "desktop": LAPTOP}
TABLES = {"levys": "Friday at Sam's", "high-low-declare": "Kitchen table", "sviten": "Lake house"}
WANTED = {  # the steps shot in each game, as step_kind names them
    "levys": {"betting", "arrange"},
    "high-low-declare": {"draw"},
    "sviten": {"one-up"},
}


def shoot(page, name: str) -> None:
    """The page as it is now, at each size (the viewport is set back afterwards)."""
    before = page.viewport_size
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(400)  # the bar's height and any pop settle
        page.evaluate("(document.querySelector('.felt') || document.body).scrollIntoView()")
        page.screenshot(path=str(OUT / f"{name}-{size}.png"))
    page.set_viewport_size(before)
    print("shot", name)


def open_table(host, base: str, game: str) -> str:
    host.goto(base + "/new/")
    shoot(host, "new-table") if game == "levys" else None
    host.fill("input[name=name]", TABLES[game])
    host.select_option("select[name=game]", game)
    for field, value in SETTINGS[game].items():
        if field == "structure":
            host.select_option("select[name=structure]", value)
        else:
            host.fill(f"input[name={field}]", value)
    host.click("button:has-text('Open the table')")
    host.wait_for_selector("#table")
    return host.input_value("input[aria-label='invite link']")


def play(browser, base: str, game: str) -> None:
    """A hand of ``game`` for three players, shot at the steps WANTED and its showdown."""
    host = browser.new_context(viewport=LAPTOP).new_page()
    link = open_table(host, base, game)
    pages = []
    for seat, name in enumerate(("Ann", "Bob", "Cat"), start=1):
        page = browser.new_context(viewport=LAPTOP).new_page()
        sit(page, link, name, str(seat))
        pages.append(page)
    host.wait_for_selector(".seat:has-text('Cat')")
    host.click("button:has-text('Start dealing')")
    pages[0].wait_for_selector(".seat.me .card[data-card]")
    players = [Player(page, first=(i == 0)) for i, page in enumerate(pages)]
    wanted = set(WANTED[game])

    def shoot_each_step():
        for player in players:
            if player.page.locator(".controls").count():
                kind = step_kind(player.page)
                if kind in wanted:
                    wanted.discard(kind)
                    shoot(player.page, f"{game}-{kind}")

    play_until(lambda: pages[0].locator(".awards").count(), players, between=shoot_each_step)
    host.click("button:has-text('Pause dealing')")
    pages[0].wait_for_selector(".awards li")
    pages[0].wait_for_selector("text=Dealing is paused until the host resumes it")
    if game == "levys":
        shoot(pages[0], "showdown")
        pages[0].click("nav.tabs a:has-text('Hands')")
        pages[0].click("table.hands a >> nth=0")
        total = pages[0].get_attribute(".stepper", "data-total")
        pages[0].goto(pages[0].url.split("?")[0] + f"?step={int(total) - 2}")
        shoot(pages[0], "review")
    for page in (host, *pages):
        page.context.close()


SHOWN_HOST = "poker.example"


def quantise() -> None:
    if not shutil.which("pngquant"):
        return
    for png in OUT.glob("*.png"):
        subprocess.run(["pngquant", "--force", "--skip-if-larger", "--quality=70-95",
                        "--output", str(png), str(png)], check=False)  # fmt: skip


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        env = server_env(f"sqlite:///{folder}/db.sqlite3")
        env["ALLOWED_HOSTS"] = f"{SHOWN_HOST},127.0.0.1"
        migrate(env)
        server = Server(env, log=Path(folder) / "server.log").start()
        try:
            with sync_playwright() as playwright:
                # an address friends could open, as a host shows it (127.0.0.1 is warned of)
                resolve = f"--host-resolver-rules=MAP {SHOWN_HOST} 127.0.0.1"
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, resolve]
                )
                base = server.base.replace("127.0.0.1", SHOWN_HOST)
                for game in ("levys", "high-low-declare", "sviten"):
                    play(browser, base, game)
                browser.close()
        finally:
            server.stop()
    quantise()
    for png in sorted(OUT.glob("*.png")):
        print(f"{png.stat().st_size // 1024:5d} KB  {png.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
