// pokerhome: the felt grows as tall as its seats need. A seat's place on the oval scales
// with the felt's height; a showdown's shown hands, or a middle of many lines, can make
// seats meet each other or the middle (on a phone most of all, and at a full table on a
// laptop too). The felt starts at the stylesheet's height and grows a rem at a time until
// nothing meets (or, if no height up to a limit clears it all, takes the one where least
// meets); never past the screen's height between a bar fixed at its foot and a head stuck
// to its top, where one's own seat would be hidden to clear a pixel elsewhere (but for a
// phone on its side with no bar: there a showdown is read by scrolling). Its
// margins then make room for what rises above its top or hangs below its foot: a top
// seat, one's own and its pill. A pill wider than its seat at the screen's edge moves
// back onto the screen. Each fit is told as "felt:fitted" on the document.
(function () {
  "use strict";
  var MOST = 30;  // rems the felt may grow by

  function meet(a, b) {
    return Math.min(a.right, b.right) > Math.max(a.left, b.left) + 0.5 &&
      Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top) + 0.5;
  }
  function box(el) {  // as laid out: a winner's pill popping in from small is measured
    var r = el.getBoundingClientRect(), w = el.offsetWidth, h = el.offsetHeight;  // whole
    var x = (r.left + r.right) / 2, y = (r.top + r.bottom) / 2;  // (it grows about its centre)
    return { left: x - w / 2, right: x + w / 2, top: y - h / 2, bottom: y + h / 2 };
  }
  function parts(seat) {  // a seat's box and what it shows beyond it (its pill, the button)
    return [seat].concat([].slice.call(seat.querySelectorAll(".said, .shown, .badge"))).map(box);
  }
  function crowding(felt) {  // how many pairs meet: seat and seat, seat and middle
    var middle = felt.querySelector(".middle");
    var seats = [].slice.call(felt.querySelectorAll(".seat:not(.empty)")).map(parts);
    var centre = middle ? box(middle) : null, pairs = 0;
    function apart(ours, theirs) {
      return !ours.some(function (a) { return theirs.some(function (b) { return meet(a, b); }); });
    }
    seats.forEach(function (mine, i) {
      if (centre && !apart(mine, [centre])) pairs++;
      seats.forEach(function (theirs, j) { if (j > i && !apart(mine, theirs)) pairs++; });
    });
    return pairs;
  }
  function reach(felt) {  // how far the seats rise above the felt and hang below it
    var edge = felt.getBoundingClientRect(), above = 0, below = 0;
    felt.querySelectorAll(".seat:not(.empty)").forEach(function (seat) {
      parts(seat).forEach(function (b) {
        above = Math.max(above, edge.top - b.top);
        below = Math.max(below, b.bottom - edge.bottom);
      });
    });
    return { above: above, below: below };
  }
  function footBar() {  // a bar fixed at the screen's foot (a turn's, a rebuy's), if any
    // (a turn's bar may be at the screen's side instead: the stylesheet sets --at-side)
    var bar = document.querySelector(".controls, .choose, .broke, .act-ahead, .stepper");
    if (!bar) return null;
    var style = getComputedStyle(bar);
    return style.position === "fixed" && style.getPropertyValue("--at-side").trim() !== "1"
      ? bar : null;
  }
  function onScreen() {  // the screen's height above a bar fixed at its foot and below a
    // head stuck to its top (a review's steps, wider than a phone)
    var bar = footBar();
    var head = document.querySelector(".review-head");
    var stuck = head && getComputedStyle(head).position === "sticky";
    return window.innerHeight - (bar ? bar.offsetHeight : 0) - (stuck ? head.offsetHeight : 0);
  }
  function beside(felt) {  // the turn's column at the screen's side: the felt fits the screen
    return getComputedStyle(felt).getPropertyValue("--column").trim() === "1";
  }
  function onItsSide(felt) {  // a phone on its side (the stylesheet says), no bar at its
    // foot and no column at its side (a showdown)
    var said = getComputedStyle(document.documentElement).getPropertyValue("--on-its-side");
    return !footBar() && !beside(felt) && said.trim() === "1";
  }
  function onTheScreen(felt) {  // a pill wider than its seat at the screen's edge
    var width = document.documentElement.clientWidth, gap = 2;  // ("Wins 36, down 114")
    felt.querySelectorAll(".said:not(.lost)").forEach(function (pill) {
      pill.style.removeProperty("--inward");
      var b = box(pill);
      var by = b.left < gap ? gap - b.left : b.right > width - gap ? width - gap - b.right : 0;
      if (by) pill.style.setProperty("--inward", by + "px");
    });
  }
  function fit(felt) {
    felt.style.height = felt.style.marginTop = felt.style.marginBottom = "";
    onTheScreen(felt);  // (across: the felt's height moves no seat sideways)
    var rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    var base = felt.offsetHeight, best = 0, least = crowding(felt);
    var whole = function (height) {  // the felt with what rises above it and hangs below
      var out = reach(felt);
      return out.above + height + out.below;
    };
    // (one already too tall grows; so does one on a phone on its side at a showdown, too
    // short a screen to show its seats whole anyway; beside a column, a little at most)
    var most = whole(base) > onScreen() || onItsSide(felt) ? Infinity : onScreen();
    if (beside(felt)) most = Math.max(onScreen(), whole(base)) + 3 * rem;
    for (var grown = 1; grown <= MOST && least > 0; grown++) {
      felt.style.height = (base + grown * rem) + "px";
      if (whole(base + grown * rem) > most) break;  // grown past the screen: not seen whole
      var pairs = crowding(felt);
      if (pairs < least) { least = pairs; best = grown; }
    }
    felt.style.height = best ? (base + best * rem) + "px" : "";
    var room = reach(felt), air = 0.4 * rem;
    felt.style.marginTop = Math.max(air, room.above + air) + "px";
    felt.style.marginBottom = Math.max(2 * air, room.below + 2 * air) + "px";
  }
  function fitAll() {
    // The page keeps its length while the felt is measured, so the scroll is not pulled back.
    var page = document.body;
    page.style.minHeight = document.documentElement.scrollHeight + "px";
    document.querySelectorAll(".felt").forEach(fit);
    page.style.minHeight = "";
    watch();
    document.dispatchEvent(new Event("felt:fitted"));
  }
  // What changes a seat's or the middle's size without a new page part (a name grown
  // long, a font come late) fits the felt again too.
  var watcher = window.ResizeObserver ? new ResizeObserver(function () { fitAll(); }) : null;
  var watched = [];
  function watch() {
    if (!watcher) return;
    var now = [].slice.call(document.querySelectorAll(".felt .seat, .felt .middle"));
    if (now.length === watched.length && now.every(function (el, i) { return el === watched[i]; })) return;
    watcher.disconnect();
    now.forEach(function (el) { watcher.observe(el); });
    watched = now;
  }
  document.addEventListener("DOMContentLoaded", fitAll);
  document.addEventListener("htmx:wsAfterMessage", fitAll);  // (before table.js's listeners:
  window.addEventListener("resize", fitAll);  // they scroll by where the felt ends)
})();
