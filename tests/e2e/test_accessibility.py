"""axe-core audits every page a person meets: the table at each step of each game, as the
player to act, a player waiting, the host with the panels open and a spectator; the
showdown and the table between hands; the history pages; the home and new-table pages.
Any serious or critical violation fails the test, listed by rule, element and summary.

axe-core is vendored (static/vendor/) but loaded by no page: the test injects it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.test_browser import LAPTOP, PHONE, Player, create_table, play_until, sit

VENDOR = Path(__file__).resolve().parents[2] / "static" / "vendor"
AXE = next(VENDOR.glob("axe-core-*.min.js"))
SERIOUS = ("serious", "critical")
RUN_AXE = """async () => {
  // a finite animation (a winner's pop) is judged at its end, not half faded in
  await Promise.all(document.getAnimations()
    .filter(a => a.effect.getComputedTiming().iterations !== Infinity).map(a => a.finished));
  const results = await axe.run(document, {resultTypes: ['violations', 'incomplete']});
  // contrast axe could not measure (text over a gradient, a pseudo-element, an overlap)
  // counts too: the felt must be checked, not skipped
  // (not a lone rank such as 'Q', too short for axe to call text, nor text under another
  // element, which axe leaves to a person)
  const excused = ['shortTextContent', 'bgOverlap', 'elmPartiallyObscuring'];
  const short = n => n.any.some(c => c.data && excused.includes(c.data.messageKey));
  const unmeasured = results.incomplete.filter(v => v.id === 'color-contrast')
    .map(v => ({...v, id: 'color-contrast-unmeasured', nodes: v.nodes.filter(n => !short(n))}))
    .filter(v => v.nodes.length);
  return results.violations.concat(unmeasured).map(v => ({id: v.id, impact: v.impact,
    help: v.help, nodes: v.nodes.map(n => ({target: n.target.join(' '),
      summary: (n.failureSummary || n.any.map(c => c.message).join('; ')) + ' [related: '
        + n.any.flatMap(c => c.relatedNodes.map(r => r.target.join(' '))).join(', ') + ']'}))}));
}"""


class Audit:
    """Runs axe once per named state and keeps the serious and critical violations."""

    def __init__(self) -> None:
        self.states: list[str] = []
        self.found: list[str] = []

    def check(self, page, state: str) -> None:
        if state in self.states:
            return
        self.states.append(state)
        if not page.evaluate("typeof window.axe === 'object'"):
            page.add_script_tag(path=str(AXE))
        for violation in page.evaluate(RUN_AXE):
            if violation["impact"] not in SERIOUS:
                continue
            for node in violation["nodes"]:
                summary = " ".join((node["summary"] or violation["help"]).split())
                self.found.append(f"{state}: {violation['id']} ({violation['impact']}) "
                                  f"at {node['target']}: {summary}")  # fmt: skip

    def assert_clean(self) -> None:
        assert not self.found, f"{len(self.found)} violations:\n" + "\n".join(self.found)


def step_kind(page) -> str:
    """The step the page's controls offer, named as Player.step tells them apart."""
    controls = page.locator(".controls")
    if (
        controls.locator("form.raise").count()
        or controls.locator("button:has-text('Check'), button:has-text('Call')").count()
    ):
        return "betting"
    if controls.locator("form.pick input[name=discard]").count():
        return "draw"
    if controls.locator("form.arrange").count():
        return "arrange"
    if controls.locator("input[name=card]").count():
        return "replace"
    if controls.locator("button:has-text('Take the')").count():
        return "one-up"
    return "declare"


def open_panels(page) -> None:
    for details in page.locator("details:not([open]) > summary").all():
        if details.is_visible():
            details.click()


@pytest.mark.parametrize("game", ["levys", "high-low-declare", "sviten"])
def test_every_step_of_a_hand_has_no_serious_violations(request, running_server, chromium, game):
    audit = Audit()
    host = chromium.new_context(viewport=LAPTOP).new_page()
    ann = chromium.new_context(viewport=PHONE).new_page()
    bob = chromium.new_context(viewport=LAPTOP).new_page()
    watcher = chromium.new_context(viewport=PHONE).new_page()
    request.node.pages = {"host": host, "ann": ann, "bob": bob, "watcher": watcher}
    link = create_table(host, running_server.base, game)
    sit(ann, link, "Ann", "1")
    sit(bob, link, "Bob", "2")
    watcher.goto(link)
    watcher.wait_for_selector(".join form")
    host.wait_for_selector(".seat:has-text('Bob')")
    open_panels(host)
    audit.check(host, f"{game} host with panels, before the deal")
    audit.check(watcher, f"{game} spectator, before the deal")
    host.click("button:has-text('Start dealing')")
    for page in (ann, bob):
        page.wait_for_selector(".seat.me .card[data-card]")
    players = [Player(ann, first=True), Player(bob, first=False)]
    others_audited = []

    def audit_each_view():
        if len(audit.states) >= 4 and not others_audited:  # mid-hand: the host and a
            audit.check(host, f"{game} host, mid-hand")  # spectator see it too
            audit.check(watcher, f"{game} spectator, mid-hand")
            others_audited.append(True)
        for player in players:
            if player.page.locator(".controls").count():
                audit.check(player.page, f"{game} {step_kind(player.page)}")
            elif player.page.locator(".act-ahead").count():
                audit.check(player.page, f"{game} waiting to act")

    play_until(lambda: ann.locator(".awards").count(), players, 120, between=audit_each_view)
    ann.wait_for_selector(".awards li")
    audit.check(ann, f"{game} showdown")
    host.click("button:has-text('Pause dealing')")
    bob.wait_for_selector("text=Dealing is paused until the host resumes it.")
    audit.check(bob, f"{game} between hands")
    bob.click("nav.tabs a:has-text('Hands')")
    bob.wait_for_selector("table.hands")
    audit.check(bob, f"{game} hands")
    bob.click("table.hands a >> nth=0")
    bob.wait_for_selector(".stepper")
    audit.check(bob, f"{game} review, start")
    total = bob.get_attribute(".stepper", "data-total")
    bob.locator(".slider input").fill(total)
    bob.wait_for_selector(f".stepper[data-step='{total}']")
    audit.check(bob, f"{game} review, end")
    bob.click("nav.tabs a:has-text('Ledger')")
    bob.wait_for_selector("table.ledger")
    audit.check(bob, f"{game} ledger")
    expected = {"levys": "arrange", "high-low-declare": "draw", "sviten": "one-up"}[game]
    assert f"{game} {expected}" in audit.states, audit.states
    audit.assert_clean()


def test_the_home_and_new_table_pages_have_no_serious_violations(running_server, chromium):
    audit = Audit()
    for viewport in (PHONE, LAPTOP):
        page = chromium.new_context(viewport=viewport).new_page()
        page.goto(running_server.base + "/")
        audit.check(page, f"home {viewport['width']}")
        page.goto(running_server.base + "/new/")
        open_panels(page)
        audit.check(page, f"new table {viewport['width']}")
        page.context.close()
    audit.assert_clean()
