// pokerhome: each <time data-local> in the reader's own time zone, with its day unless
// it is today (the server writes it in UTC, and says so, for a browser without scripts).
(function () {
  "use strict";
  function show() {
    var today = new Date().toDateString();
    document.querySelectorAll("time[data-local]").forEach(function (el) {
      var moment = new Date(el.getAttribute("datetime"));
      if (isNaN(moment)) return;
      var clock = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
      var day = { weekday: "short", day: "numeric", month: "short" };
      el.textContent = moment.toDateString() === today
        ? moment.toLocaleTimeString([], clock)
        : moment.toLocaleString([], Object.assign(day, clock));
      el.title = moment.toString();
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
  else show();
})();
