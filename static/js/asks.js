// pokerhome: what waits for the host (a seat or a rebuy asked for, a player away and to
// act) is listed above or under the felt, where a host scrolled elsewhere would not see it.
// While its first line is not wholly on the screen a pill at the foot (above a turn's bar)
// says it and takes the host there; the tab's title says it too, for a host in another tab.
(function () {
  "use strict";
  var pill = null;
  var baseTitle = null;

  function footTop() {  // where a bar fixed at the screen's foot (a turn's) starts
    var bar = document.querySelector(".controls, .choose, .act-ahead, .broke");
    if (!bar) return window.innerHeight;
    var style = getComputedStyle(bar);
    var side = style.getPropertyValue("--at-side").trim() === "1";
    if (style.position !== "fixed" || side) return window.innerHeight;
    return Math.min(window.innerHeight, bar.getBoundingClientRect().top);
  }
  function offScreen(el) {  // not wholly on the screen (nor under a turn's bar): its words
    var box = el.getBoundingClientRect();  // may be the part cut off
    return box.top < 0 || box.bottom > footTop();
  }
  function waiting() { return document.querySelectorAll(".host-asks .row"); }
  function show() {
    var rows = waiting();
    if (baseTitle === null) baseTitle = document.title.replace(/^\u25cf [^\u2014]*\u2014 /, "");
    var first = rows.length ? rows[0].querySelector("span").textContent : "";
    var mine = document.title.indexOf("\u25cf Your turn") === 0;  // (the turn says itself)
    if (!mine) document.title = first ? "\u25cf " + first + " \u2014 " + baseTitle : baseTitle;
    var up = rows.length && offScreen(rows[0]);
    document.body.classList.toggle("asks-up", !!up);  // (room below the page's last line)
    if (!up) {
      if (pill) pill.hidden = true;
      return;
    }
    if (!pill) {
      pill = document.createElement("button");
      pill.type = "button";
      pill.className = "asks-pill";
      pill.addEventListener("click", function () {
        var target = document.querySelector(".host-asks");
        if (target) target.scrollIntoView({ block: "center", behavior: "smooth" });
      });
      document.body.appendChild(pill);
    }
    var above = rows[0].getBoundingClientRect().top < 0;
    pill.textContent = first + (rows.length > 1 ? " (and " + (rows.length - 1) + " more)" : "") +
      (above ? " \u2191" : " \u2193");
    pill.hidden = false;
  }
  ["DOMContentLoaded", "htmx:wsAfterMessage", "htmx:afterSwap"].forEach(function (name) {
    document.addEventListener(name, show);
  });
  window.addEventListener("scroll", show, { passive: true });
  window.addEventListener("resize", show);
})();
