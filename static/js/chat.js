// pokerhome chat: the drawer on a phone, the count of lines not read yet, the list kept
// at its place across pushes, and the box emptied once its line is said.
(function () {
  "use strict";
  var lastRead = null; // the newest line this person has had in view
  var scroll = null;

  function newestLine() {
    var items = document.querySelectorAll(".chat-lines li[data-line]");
    return items.length ? parseInt(items[items.length - 1].dataset.line, 10) : 0;
  }

  function drawerShut() {
    var toggle = document.querySelector(".chat-toggle");
    return toggle && getComputedStyle(toggle).display !== "none" &&
      !document.body.classList.contains("chat-open");
  }

  function showUnread() {
    var toggle = document.querySelector(".chat-toggle");
    if (!toggle) return;
    var newest = newestLine();
    if (lastRead === null || !drawerShut()) lastRead = newest;
    var unread = 0;
    document.querySelectorAll(".chat-lines li[data-line]").forEach(function (li) {
      if (parseInt(li.dataset.line, 10) > lastRead) unread += 1;
    });
    toggle.querySelector(".unread").textContent = unread ? "(" + unread + ")" : "";
    var open = document.body.classList.contains("chat-open");
    toggle.setAttribute("aria-expanded", open);
    // On a phone the tab beside the open drawer shuts it: it says so.
    var phone = getComputedStyle(toggle).position !== "static";
    toggle.firstChild.nodeValue = open && phone ? "Close " : "Chat ";
  }

  function toBottom() {
    var list = document.querySelector(".chat-lines");
    if (list) list.scrollTop = list.scrollHeight;
  }

  document.addEventListener("DOMContentLoaded", function () {
    showUnread();
    toBottom();
  });

  // A push brings a new list: at the bottom if the reader was there, else where they were.
  document.addEventListener("htmx:wsBeforeMessage", function () {
    var list = document.querySelector(".chat-lines");
    scroll = list && {
      top: list.scrollTop,
      atBottom: list.scrollTop + list.clientHeight >= list.scrollHeight - 4,
    };
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    var list = document.querySelector(".chat-lines");
    if (list && scroll && !scroll.atBottom) list.scrollTop = scroll.top;
    else toBottom();
    scroll = null;
    tellMine();
    showUnread();
  });

  // The table's news about oneself (the host's answer to one's rebuy, one's seat taken,
  // one's stack changed by the host: a line marked with one's seat) is shown in the notice
  // too while the drawer is shut, not only counted: it is the answer the player waits
  // for. It waits for a notice still being read, but for one that lasts only until this
  // answer ("your rebuy waits for the host").
  var toldUpTo = null, news = null, mySeat = null;  // (the seat kept: the host's removal
  function tellMine() {  // is told to one whose seat has just gone)
    var newest = newestLine(), since = toldUpTo;
    toldUpTo = newest;
    var me = document.querySelector(".felt .seat.me");
    var seat = me ? me.dataset.seat : mySeat;
    if (me) mySeat = seat;
    if (since === null || !seat) return;
    document.querySelectorAll('.chat-lines li.told[data-about="' + seat + '"]')
      .forEach(function (li) {
        if (parseInt(li.dataset.line, 10) > since) news = li.textContent;
      });
    showNews();
  }
  function showNews() {
    var notice = document.getElementById("notice");
    if (!drawerShut()) news = null;  // (read in the chat)
    if (!news || !notice) return;
    var about = notice.dataset.lastsWhile;  // (a notice about a part, once shown, goes
    // with it: table.js marks it seen; a part come and gone before the notice was never
    // seen with it, and the notice keeps its reading time)
    var answered = about && notice.dataset.lastsSeen && !document.querySelector(about);
    if (notice.textContent.trim() && !answered) return;  // (still being read)
    notice.textContent = news;
    notice.classList.remove("error");
    delete notice.dataset.lastsWhile;
    delete notice.dataset.lastsSeen;
    delete notice.dataset.shownAt;  // (table.js stamps it, and clears it once read)
    news = null;
  }
  document.addEventListener("DOMContentLoaded", function () {
    toldUpTo = newestLine();
    var me = document.querySelector(".felt .seat.me");
    mySeat = me && me.dataset.seat;
  });
  setInterval(showNews, 500);

  document.addEventListener("click", function (event) {
    var open = document.body.classList.contains("chat-open");
    if (open && !event.target.closest(".chat-body, .chat-toggle")) {  // a tap beside it
      document.body.classList.remove("chat-open");
      showUnread();
      return;
    }
    if (!event.target.closest(".chat-toggle")) return;
    document.body.classList.toggle("chat-open");
    showUnread();
    toBottom();
    if (document.body.classList.contains("chat-open")) {
      var box = document.getElementById("chat-text");  // ready to type, but not on a
      if (box && window.matchMedia("(pointer: fine)").matches) box.focus();  // touch screen,
      // where the keyboard would cover the lines one opened the chat to read
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && document.body.classList.contains("chat-open")) {
      document.body.classList.remove("chat-open");
      showUnread();
    }
  });

  // The line was said (the notice is no error): empty the box, unless it holds more
  // typing since.
  document.addEventListener("htmx:afterSwap", function (event) {
    var config = event.detail && event.detail.requestConfig;
    var form = config && config.elt;
    if (!form || !form.matches || !form.matches("form.chat-say")) return;
    if (event.target.classList && event.target.classList.contains("error")) return;
    var box = document.getElementById("chat-text");
    var sent = config.formData && config.formData.get("text");
    if (box && box.value === sent) box.value = "";
  });
})();
