// Hand review: arrow keys step through the hand; the slider jumps. Keys pressed before
// the next step's page has come count on from the step asked for, not the one shown.
// A step replaces the last in the browser's history, so that Back leaves the review
// (to the hands list) rather than stepping back through it. The next step's page opens
// with the felt where the reader had it on the screen (its caption, which may be longer
// or shorter, kept in view), and its foot, one's own seat, on the screen.
(function () {
  "use strict";
  var asked = null;  // the step asked for, while its page is on its way
  var KEPT = "pokerhome-review-scroll";
  function go(step) {
    asked = parseInt(step, 10);
    var felt = document.querySelector(".felt");
    var at = felt ? felt.getBoundingClientRect().top : null;
    var kept = { path: location.pathname, step: String(step), felt: at };
    try {
      sessionStorage.setItem(KEPT, JSON.stringify(kept));
    } catch (e) { /* (storage refused: the page opens at its top) */ }
    location.replace("?step=" + step);
  }
  document.addEventListener("DOMContentLoaded", function () {  // (after felt.js's fitting)
    var kept = null;
    try {
      kept = JSON.parse(sessionStorage.getItem(KEPT) || "null");
      sessionStorage.removeItem(KEPT);
    } catch (e) { /* as above */ }
    var felt = document.querySelector(".felt"), caption = document.querySelector(".step-taken");
    var step = new URLSearchParams(location.search).get("step");
    var arrived = kept && kept.path === location.pathname && kept.step === step;
    if (arrived && kept.felt !== null && felt) {  // (the page of the step asked for, only)
      window.scrollTo(0, window.scrollY + felt.getBoundingClientRect().top - kept.felt);
    }
    place(felt, caption);
    // A later fit (a font come late, the seats' first measure) moves the foot again: it is
    // kept in view for the page's first seconds, until the reader moves it themselves.
    var refit = function () { place(felt, caption); };
    var done = function () { document.removeEventListener("felt:fitted", refit); };
    document.addEventListener("felt:fitted", refit);
    ["wheel", "touchstart", "keydown", "mousedown"].forEach(function (type) {
      window.addEventListener(type, done, { once: true, passive: true });
    });
    setTimeout(done, 3000);
  });
  function place(felt, caption) {
    footInView(felt, caption);
    var top = caption ? caption.getBoundingClientRect().top : 0;
    if (top < 0) window.scrollBy(0, top);
  }
  // A felt grown for a showdown's hands can hang below the screen, one's own seat with
  // it (on a phone, below the bar of steps fixed at its foot): the page goes up as far as
  // that takes, keeping the caption in view (on a wider screen, it stays in the head that
  // sticks to the top, and the seats are kept clear of that).
  function footInView(felt, caption) {
    var bar = document.querySelector(".stepper");
    if (!felt || !bar) return;
    var fixed = getComputedStyle(bar).position === "fixed";
    var foot = felt.getBoundingClientRect().bottom + (parseFloat(felt.style.marginBottom) || 0);
    var over = foot - (fixed ? bar.getBoundingClientRect().top : window.innerHeight);
    var room = caption ? caption.getBoundingClientRect().top : 0;
    var head = document.querySelector(".review-head");
    if (!fixed && head && getComputedStyle(head).position === "sticky") {
      var seats = [].map.call(felt.querySelectorAll(".seat"), function (s) {
        return s.getBoundingClientRect().top;
      });
      room = Math.min.apply(null, seats.concat(foot)) - head.offsetHeight;
    }
    if (over > 0 && room > 0) window.scrollBy(0, Math.min(over, room));
  }
  document.addEventListener("keydown", function (event) {
    if (event.target.closest("input, select, textarea")) return;
    var stepper = document.querySelector(".stepper");
    var by = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!stepper || !by) return;
    var from = asked === null ? parseInt(stepper.dataset.step, 10) : asked;
    var to = Math.max(0, Math.min(parseInt(stepper.dataset.total, 10), from + by));
    if (to !== from) go(to);
  });
  document.addEventListener("click", function (event) {
    var link = event.target.closest(".stepper a#prev, .stepper a#next");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    go(new URL(link.href).searchParams.get("step"));
  });
  document.addEventListener("change", function (event) {
    if (event.target.matches(".slider input[type=range]")) go(event.target.value);
  });
})();
