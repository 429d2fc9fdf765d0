// pokerhome: on a phone the felt is as tall as its seats need, and no taller. A seat's
// place on the oval scales with the felt's height; a showdown's shown hands, or a middle
// of many lines, can make seats meet each other or the middle. The felt starts at the
// stylesheet's height and grows a rem at a time until nothing meets (or stays as it was,
// if no height up to a limit clears it). Its margins then make room for what rises above
// its top or hangs below its foot: a top seat, the viewer's own seat and its pill.
(function () {
  "use strict";
  var PHONE = window.matchMedia("(max-width: 480px)");
  var MOST = 30;  // rems the felt may grow by

  function meet(a, b) {
    return Math.min(a.right, b.right) > Math.max(a.left, b.left) + 0.5 &&
      Math.min(a.bottom, b.bottom) > Math.max(a.top, b.top) + 0.5;
  }
  function parts(seat) {  // a seat's box and what it shows beyond it (its pill)
    return [seat].concat([].slice.call(seat.querySelectorAll(".said, .shown")))
      .map(function (el) { return el.getBoundingClientRect(); });
  }
  function crowded(felt) {
    var middle = felt.querySelector(".middle");
    var seats = [].slice.call(felt.querySelectorAll(".seat:not(.empty)")).map(parts);
    var centre = middle ? middle.getBoundingClientRect() : null;
    return seats.some(function (mine, i) {
      if (centre && mine.some(function (b) { return meet(b, centre); })) return true;
      return seats.some(function (theirs, j) {
        return j > i && mine.some(function (a) {
          return theirs.some(function (b) { return meet(a, b); });
        });
      });
    });
  }
  function reach(felt) {  // how far the seats rise above the felt and hang below it
    var box = felt.getBoundingClientRect(), above = 0, below = 0;
    felt.querySelectorAll(".seat:not(.empty)").forEach(function (seat) {
      parts(seat).forEach(function (b) {
        above = Math.max(above, box.top - b.top);
        below = Math.max(below, b.bottom - box.bottom);
      });
    });
    return { above: above, below: below };
  }
  function fit(felt) {
    felt.style.height = felt.style.marginTop = felt.style.marginBottom = "";
    if (!PHONE.matches) return;
    var rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    var base = felt.getBoundingClientRect().height;
    for (var grown = 0; grown <= MOST && crowded(felt); grown++) {
      felt.style.height = (base + (grown + 1) * rem) + "px";
    }
    if (grown > MOST) felt.style.height = "";  // no height clears it: as the stylesheet has it
    var room = reach(felt), air = 0.4 * rem;
    felt.style.marginTop = Math.max(air, room.above + air) + "px";
    felt.style.marginBottom = Math.max(2 * air, room.below + 2 * air) + "px";
  }
  function fitAll() {
    var page = document.body;  // (the page keeps its length while the felt is measured
    page.style.minHeight = document.documentElement.scrollHeight + "px";  // so that the
    document.querySelectorAll(".felt").forEach(fit);  // scroll is not pulled back)
    page.style.minHeight = "";
    watch();
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
