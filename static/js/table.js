// pokerhome table: the few things htmx does not do. Everything else is server-rendered.
(function () {
  "use strict";
  var socket = null;
  // Reconnect soon after an outage (htmx's default backoff grows to a minute).
  document.addEventListener("DOMContentLoaded", function () {
    if (window.htmx) {
      htmx.config.wsReconnectDelay = function (retries) {
        return Math.min(5000, 500 * Math.pow(2, retries)) * (0.5 + Math.random() / 2);
      };
    }
  });

  function currentVersion() {
    var table = document.getElementById("table");
    return table ? parseInt(table.dataset.version, 10) : -1;
  }

  function sync() {
    if (socket) socket.send(JSON.stringify({ type: "sync", version: currentVersion() }));
  }

  document.addEventListener("htmx:wsOpen", function (event) {
    socket = event.detail.socketWrapper;
  });
  document.addEventListener("htmx:wsClose", function () { socket = null; });

  // Act ahead: a choice made before one's turn, played when the turn comes with the
  // controls the server sent for it: Check/fold checks, or folds to a bet; Call any
  // checks, or calls whatever the bet has become. Both go when the betting round ends.
  var ahead = null;
  function readAhead() {
    var box = document.querySelector(".act-ahead[data-round]");
    ahead = box && {
      round: box.dataset.round,
      checkFold: document.getElementById("ahead-check-fold").checked,
      callAny: document.getElementById("ahead-call-any").checked,
    };
  }
  function playAhead() {
    var box = document.querySelector(".act-ahead[data-round]");
    if (box && ahead && box.dataset.round !== ahead.round) {
      document.getElementById("ahead-check-fold").checked = false;
      document.getElementById("ahead-call-any").checked = false;
    }
    var bar = document.querySelector(".controls");
    if (!bar || !ahead) return;
    var wanted = bar.dataset.round !== ahead.round ? [] :
      ahead.checkFold ? ["c-check", "f"] : ahead.callAny ? ["c"] : [];
    ahead = null;
    for (var i = 0; i < wanted.length; i++) {
      var key = wanted[i].split("-");
      var button = bar.querySelector("button[data-key=" + key[0] + "]");
      if (button && (key.length === 1 || button.closest("form").querySelector("input[value=" + key[1] + "]"))) {
        button.click();
        return;
      }
    }
  }
  // One action from a turn's controls: a second click of a double-click, sent before the
  // table moves on, would be refused as stale, an error for an action that went through.
  // A notice back (a refusal) frees them, so that the player can try again.
  document.addEventListener("htmx:wsConfigSend", function (event) {
    var bar = event.target.closest && event.target.closest(".controls");
    if (!bar) return;
    if (bar.dataset.sent) event.preventDefault();
    else bar.dataset.sent = "1";
  });
  document.addEventListener("htmx:wsAfterMessage", function (event) {
    var said = event.detail && event.detail.message;
    var bar = document.querySelector(".controls[data-sent]");
    if (bar && typeof said === "string" && said.indexOf('id="notice"') >= 0) {
      delete bar.dataset.sent;
    }
  });

  // A second tap meant for an action button (a double tap) lands on what takes its place
  // at the foot: the boxes to act ahead. For a moment after the controls go, they ignore
  // taps, so that a raise tapped twice does not also tick Check/fold.
  var hadControls = false, controlsWentAt = 0;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    hadControls = !!document.querySelector(".controls");
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (hadControls && !document.querySelector(".controls")) controlsWentAt = Date.now();
  });
  document.addEventListener("click", function (event) {
    var box = event.target.closest && event.target.closest(".act-ahead label");
    if (box && Date.now() - controlsWentAt < 700) {
      event.preventDefault();
      event.stopPropagation();
    }
  }, true);
  document.addEventListener("change", function (event) {  // one choice ahead at a time
    var other = { "ahead-check-fold": "ahead-call-any", "ahead-call-any": "ahead-check-fold" }[event.target.id];
    if (other && event.target.checked) document.getElementById(other).checked = false;
  });

  // The browser's storage, where it may be used (a browser may refuse it outright).
  function stored(key) {
    try { return localStorage.getItem(key); } catch (e) { return null; }
  }
  function store(key, value) {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch (e) { /* nothing kept: the page works without */ }
  }
  function storedKeys() {
    try { return Object.keys(localStorage); } catch (e) { return []; }
  }

  // A name given once is offered again at the next table; after a refused request, the
  // seat (if still free) and the buy-in asked for too, to ask again as they were.
  function offerName() {
    var field = document.getElementById("join-name");
    var name = stored("pokerhome-name");
    if (field && !field.value && name) field.value = name;
    var asked = stored("pokerhome-asked" + location.pathname);
    if (!asked || !document.querySelector(".join .refused")) return;
    asked = JSON.parse(asked);
    var seat = document.getElementById("join-seat");
    if (seat && seat.querySelector("option[value='" + asked.seat + "']")) seat.value = asked.seat;
    var buyIn = document.getElementById("join-buy-in");
    if (buyIn) buyIn.value = asked.buyIn;
  }
  // After a cash-out (or a removal by the host) the server says the least this browser
  // may buy in for a while (games.rules.seating.back_with_enough); the join form asks no
  // less.
  function askLeast() {
    var buyIn = document.getElementById("join-buy-in");
    var least = JSON.parse(stored("pokerhome-least" + location.pathname) || "null");
    if (!buyIn || !least || !least.chips) return;
    if (Date.now() > least.until) { store("pokerhome-least" + location.pathname, null); return; }
    var chips = Math.min(least.chips, parseInt(buyIn.max, 10));  // (the host may lower it)
    if (parseInt(buyIn.min, 10) >= chips) return;
    buyIn.min = chips;
    if (parseInt(buyIn.value, 10) < chips) buyIn.value = chips;
    var hint = buyIn.parentNode.querySelector(".hint");
    var clock = { hour: "2-digit", minute: "2-digit", hourCycle: "h23" };  // (as times.js)
    var until = new Date(least.until).toLocaleTimeString([], clock);
    if (!hint) return;
    var range = chips === parseInt(buyIn.max, 10) ? chips : chips + " to " + buyIn.max;
    var worth = hint.dataset.worth ? ", each worth " + hint.dataset.worth : "";
    var atLeast = chips === parseInt(buyIn.max, 10) ? "no less" : "at least " + chips;
    hint.textContent = range + " chips" + worth + ": you left the table lately, so you " +
      "come back with " + atLeast + " until " + until;
  }
  // The middle is the same for every viewer; where it names the viewer's own seat
  // ("waiting for Ann to pick the game"), Ann reads "you".
  function youInTheMiddle() {
    var mine = document.querySelector(".felt .seat.me");
    if (!mine) return;
    document.querySelectorAll('.felt .middle .named[data-named="' + mine.dataset.seat + '"]')
      .forEach(function (name) { name.textContent = "you"; });
  }
  document.addEventListener("DOMContentLoaded", youInTheMiddle);
  document.addEventListener("htmx:wsAfterMessage", youInTheMiddle);
  document.addEventListener("DOMContentLoaded", askLeast);
  document.addEventListener("htmx:wsAfterMessage", askLeast);
  function keepLeast() {  // told by a cash-out's answer, or by the page as it opens
    var told = document.querySelector("#notice[data-buy-in-least]");
    if (!told) return;
    store("pokerhome-least" + location.pathname, JSON.stringify({
      chips: parseInt(told.dataset.buyInLeast, 10),
      until: 1000 * parseInt(told.dataset.buyInUntil, 10) }));
    told.removeAttribute("data-buy-in-least");
    askLeast();
  }
  document.addEventListener("DOMContentLoaded", keepLeast);
  document.addEventListener("htmx:afterSwap", keepLeast);
  document.addEventListener("DOMContentLoaded", offerName);
  document.addEventListener("htmx:wsAfterMessage", offerName);  // before the listener that
  // puts back what the person had typed (added below): their own choice wins
  // A form marked data-done-clears empties once the server took it (a notice that is
  // not an error): a rebuy asked for does not stay in its box; data-done-folds="id"
  // shuts the <details> of that id. A push may have redrawn
  // the form meanwhile, and htmx then tells nobody: the request itself is listened to,
  // and the boxes are found by id.
  document.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt, xhr = event.detail.xhr;
    if (!form || form.tagName !== "FORM") return;
    var name = form.querySelector("#join-name");
    xhr.addEventListener("load", function () {
      if (xhr.status >= 400 || /class="notice error"/.test(xhr.responseText)) return;
      if (name) {
        store("pokerhome-name", name.value.trim());
        store("pokerhome-asked" + location.pathname, JSON.stringify({
          seat: form.querySelector("#join-seat").value,
          buyIn: form.querySelector("#join-buy-in").value }));
      }
      var folds = document.getElementById(form.getAttribute("data-done-folds") || "");
      if (folds) folds.open = false;  // saved: the settings fold away, the table comes back
      if (!form.hasAttribute("data-done-clears")) return;
      form.querySelectorAll("input[id]").forEach(function (sent) {
        var box = document.getElementById(sent.id);
        if (box) box.value = box.defaultValue;
      });
    });
  });

  // A win pops up once: a push that brings the same win again (a chat line, say) shows it
  // still, not popping up anew.
  var wins = {};
  document.addEventListener("htmx:wsBeforeMessage", function () {
    wins = {};
    document.querySelectorAll(".felt .seat .said.won").forEach(function (won) {
      wins[won.closest(".seat").dataset.seat] = won.textContent;
    });
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    document.querySelectorAll(".felt .seat .said.won").forEach(function (won) {
      if (wins[won.closest(".seat").dataset.seat] === won.textContent) won.classList.add("popped");
    });
  });

  // A push replaces the table; keep what this person was typing or had opened.
  var kept = null;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    readAhead();
    kept = { values: {}, open: [], focus: document.activeElement && document.activeElement.id,
             taps: tapped() };
    document.querySelectorAll("[data-keep][id]").forEach(function (el) {
      kept.values[el.id] = el.type === "checkbox" ? el.checked : el.value;
    });
    document.querySelectorAll("details[open][id]").forEach(function (d) { kept.open.push(d.id); });
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    if (!kept) return;
    Object.keys(kept.values).forEach(function (id) {
      var el = document.getElementById(id);
      if (!el) return;
      if (el.type === "checkbox") el.checked = kept.values[id];
      else if (el.tagName !== "SELECT" || el.querySelector("option[value='" + kept.values[id] + "']")) {
        el.value = kept.values[id];
      }
    });
    kept.open.forEach(function (id) {
      var d = document.getElementById(id);
      if (d) d.open = true;
    });
    var focus = kept.focus && document.getElementById(kept.focus);
    if (focus) focus.focus();
    tapAgain(kept.taps);
    kept = null;
    playAhead();
  });
  // A notice belongs to the moment it was about: once the table has moved on and the
  // notice has been up long enough to read, it goes; on a quiet table, a while later.
  var shownVersion = -1;
  function stampNotice() {
    var notice = document.getElementById("notice");
    if (notice && notice.textContent.trim() && !notice.dataset.shownAt) {
      notice.dataset.shownAt = String(Date.now());
    }
    return notice;
  }
  function clearNotice(after) {  // ms past its reading time
    var notice = stampNotice();
    if (!notice || !notice.dataset.shownAt) return;
    var about = notice.dataset.lastsWhile;  // (an error about a part still open: kept)
    if (about && notice.classList.contains("error") && document.querySelector(about)) return;
    var reading = 2000 + 50 * notice.textContent.length;
    if (Date.now() - parseInt(notice.dataset.shownAt, 10) > reading + after) {
      notice.textContent = "";
      notice.classList.remove("error");
      delete notice.dataset.shownAt;
    }
  }
  // A notice about a part of the table ("your rebuy waits for the host's answer") goes as
  // soon as that part, once shown, has gone (the host answered); an error about it (the
  // host's settings refused) stays until then.
  function goneWithItsPart(notice) {
    var about = notice && notice.dataset.lastsWhile;
    if (!about) return;
    if (document.querySelector(about)) {
      notice.dataset.lastsSeen = "1";
    } else if (notice.dataset.lastsSeen) {
      notice.textContent = "";
      notice.classList.remove("error");
      delete notice.dataset.lastsWhile;
      delete notice.dataset.shownAt;
    }
  }
  // Looked at as each notice and each push comes in, whichever comes first.
  ["htmx:afterSwap", "htmx:load", "htmx:wsAfterMessage"].forEach(function (name) {
    document.addEventListener(name, function () {
      goneWithItsPart(document.getElementById("notice"));
    });
  });
  setInterval(function () {  // an error stays longer than news, which covers the top seat
    var notice = document.getElementById("notice");
    goneWithItsPart(notice);
    clearNotice(notice && notice.classList.contains("error") ? 6000 : 1500);
  }, 300);
  // The invite, open until a first hand, folds away as it is dealt (once: the host may
  // open it again).
  document.addEventListener("htmx:wsAfterMessage", function () {
    var invite = document.querySelector("details.invite[data-fold-when-dealt]");
    var table = document.getElementById("table");
    if (!invite || !table || !table.dataset.hand) return;
    invite.removeAttribute("data-fold-when-dealt");
    keepingFeltStill(function () { invite.open = false; });
  });
  // The hand log opens at its newest line.
  document.addEventListener("htmx:wsAfterMessage", function () {
    document.querySelectorAll(".log ol").forEach(function (ol) { ol.scrollTop = ol.scrollHeight; });
  });
  document.addEventListener("htmx:wsAfterMessage", function () {
    var version = currentVersion();
    if (version <= shownVersion) return;
    shownVersion = version;
    clearNotice(0);
  });

  // A push that is lost leaves this page behind: ask for the table now and then.
  setInterval(sync, 15000);

  // Levy's Game's reveal order: each card tapped goes next; the fifth is the hole card.
  // A card tapped again comes back, with those tapped after it.
  function placeInOrder(pick) {
    var form = pick.closest("form");
    var field = form.querySelector("input[name=order]");
    var order = field.value ? field.value.split(",") : [];
    var at = order.indexOf(pick.dataset.card);
    if (at !== -1) {
      order = order.slice(0, at);
    } else {
      order.push(pick.dataset.card);
      if (order.length === 4) {  // the card left is the hole card: no need to tap it
        form.querySelectorAll(".arrange-card").forEach(function (b) {
          if (order.indexOf(b.dataset.card) === -1) order.push(b.dataset.card);
        });
      }
    }
    showOrder(form, order);
  }
  function showOrder(form, order) {
    form.querySelector("input[name=order]").value = order.join(",");
    form.querySelectorAll(".arrange-card").forEach(function (b) {
      var at = order.indexOf(b.dataset.card);
      b.classList.toggle("picked", at !== -1);
      if (at === -1) b.removeAttribute("data-position");
      else b.setAttribute("data-position", at + 1);
    });
    var suits = { c: "\u2663", d: "\u2666", h: "\u2665", s: "\u2660" };
    var shown = order.map(function (card) { return (card[0] === "T" ? "10" : card[0]) + suits[card[1]]; });
    // Short enough for one line on a phone (the cards' badges number them): "K♠ up
    // first, then 3♥", then "K♠ 3♥ K♥ J♣ up, Q♣ down"; what the others see first, and when.
    var mouse = window.matchMedia("(hover: hover) and (pointer: fine)").matches;  // (as the
    form.querySelector(".order-shown").textContent = !order.length  // stylesheet's .mouse)
      ? (mouse ? "click" : "tap") + " the first card to turn up"
      : order.length < 5 ? shown[0] + " up first" + (order.length > 1 ? ", then " : "")
        + shown.slice(1).join(", ")
      : shown.slice(0, 4).join(" ") + " up, " + shown[4] + " down";
    form.querySelector(".confirm-order").disabled = order.length !== 5;
  }

  // A push redraws the controls (another seat acted, a chat line came): the cards this
  // person had tapped stay tapped while the same step of the same hand is asked of them.
  function tapForm() { return document.querySelector(".controls form.pick, .controls form.arrange"); }
  function tapped() {
    var form = tapForm();
    if (!form) return null;
    var order = form.querySelector("input[name=order]");
    var cards = order ? (order.value ? order.value.split(",") : []) :
      Array.prototype.map.call(form.querySelectorAll(".tap input:checked"), function (i) { return i.value; });
    return { hand: document.getElementById("table").dataset.hand,
             type: form.querySelector("input[name=type]").value, cards: cards };
  }
  function tapAgain(was) {
    var form = tapForm();
    if (!was || !was.cards.length || !form) return;
    if (form.querySelector("input[name=type]").value !== was.type ||
        document.getElementById("table").dataset.hand !== was.hand) return;
    if (form.querySelector(".arrange-card")) {
      return showOrder(form, was.cards.filter(function (name) {
        return form.querySelector(".arrange-card[data-card='" + name + "']");
      }));
    }
    was.cards.forEach(function (name) {
      var input = form.querySelector(".tap input[value='" + name + "']");
      if (!input) return;
      input.checked = true;
      input.dispatchEvent(new Event("change", { bubbles: true }));  // the button's words
    });
  }

  document.addEventListener("click", function (event) {
    var preset = event.target.closest("[data-amount]");
    if (preset) {
      var input = preset.closest("form").querySelector("input[name=to]");
      input.value = preset.dataset.amount;
      return;
    }
    var pick = event.target.closest(".arrange-card");
    if (pick) {
      placeInOrder(pick);
      return;
    }
    var reset = event.target.closest(".reset-order");
    if (reset) showOrder(reset.closest("form"), []);
  });

  // The draw button says what it will do: "Draw 2", or "Stand pat" with no card tapped;
  // "Replace it" waits for the card to replace, then names it: "Replace the 7♦".
  document.addEventListener("change", function (event) {
    var form = event.target.closest("form.pick");
    var replace = form && form.querySelector(".replace-button");
    if (replace) {
      var chosen = form.querySelector("input[name=card]:checked");
      replace.disabled = !chosen;
      replace.textContent = chosen ? "Replace the " + chosen.parentNode.querySelector(".card").textContent : "Replace it";
    }
    var button = form && form.querySelector(".draw-button");
    if (!button) return;
    var count = form.querySelectorAll("input[name=discard]:checked").length;
    button.textContent = count ? button.dataset.some.replace("{n}", count) : button.dataset.none;
  });

  // Copy a link: the clipboard where the page may use it, else the selection.
  document.addEventListener("click", function (event) {
    var button = event.target.closest(".copy-button");
    var field = button && document.getElementById(button.dataset.copy);
    if (!field) return;
    field.select();
    var done = function () { button.textContent = "Copied"; setTimeout(function () { button.textContent = "Copy"; }, 1500); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(field.value).then(done);
    } else if (document.execCommand("copy")) {
      done();
    }
  });

  // "Sit here" on an empty seat picks it in the join form.
  document.addEventListener("click", function (event) {
    var sit = event.target.closest(".sit-here");
    var select = sit && document.getElementById("join-seat");
    if (!select) return;
    select.value = sit.dataset.seat;
    var name = document.getElementById("join-name");
    if (name) { name.scrollIntoView({ block: "center" }); name.focus(); }
  });

  // Your turn: the bar at the foot of the screen, a banner, the tab's title, a short
  // sound (unless muted), a buzz on phones, and a notification when the tab is hidden.
  var baseTitle = document.title;
  var myTurn = false;
  var sound = null;
  function muted() { return stored("pokerhome.muted") === "1"; }
  function beep() {
    if (muted()) return;
    if (!sound) sound = new Audio(document.body.dataset.turnSound);
    sound.currentTime = 0;
    sound.play().catch(function () {});  // a browser may refuse before the first tap
  }
  function turnStarted() {
    beep();
    if (navigator.vibrate) navigator.vibrate(120);
    if (document.hidden && window.Notification && Notification.permission === "granted") {
      new Notification("Your turn", { body: baseTitle, tag: "pokerhome-turn" });
    }
  }
  // The bar must not hide the felt, and a turn must not find it scrolled away: scroll so
  // that the table (your own seat too) ends where the bar begins, or, when it is above the
  // screen, so that it comes back into view. A bar that is not a turn (acting ahead, a
  // rebuy) only uncovers the table one is looking at: it never scrolls the felt's top away
  // nor back from the log one is reading.
  function keepFeltInView(bar, gently) {
    var felt = document.querySelector(".felt");
    if (!felt) return;
    var box = felt.getBoundingClientRect();
    var bottom = box.bottom;
    var mine = felt.querySelector(".seat.me");
    if (mine) {
      var top = mine.getBoundingClientRect().top;
      bottom = Math.max(bottom, mine.getBoundingClientRect().bottom);
      mine.querySelectorAll(".said").forEach(function (pill) {  // it hangs below the seat
        bottom = Math.max(bottom, top + pill.offsetTop + pill.offsetHeight);  // (as laid
      });  // out: a winner's pops in from small)
    }
    var free = window.innerHeight - footHeight(bar) - 6;  // (a little air above the bar)
    var intro = document.getElementById("game-intro");  // above the felt: as much of it as
    var above = intro && !intro.hidden && getComputedStyle(intro).position !== "fixed";  // fits
    var highest = above ? intro.getBoundingClientRect().top : box.top;  // (on its side: beside)
    var shift = 0;
    if (gently) shift = box.top >= 0 ? Math.min(Math.max(bottom - free, 0), box.top) : 0;
    else if (bottom > free) shift = bottom - free;
    else if (highest < 0) shift = Math.max(highest, bottom - free);
    if (shift) window.scrollBy({ top: shift, behavior: "auto" });
  }
  // How much of the screen's foot a bar takes: none for the turn's bar at the screen's
  // side (a phone on its side: the stylesheet sets --at-side).
  function footHeight(bar) {
    var side = getComputedStyle(bar).getPropertyValue("--at-side").trim() === "1";
    return side ? 0 : bar.offsetHeight;
  }
  var shownStep = null;  // the bar's first line: a new step may bring a taller bar
  var barShown = false;  // any bar at the foot: a turn's, or acting ahead, or a rebuy
  function showTurn() {
    var bar = document.querySelector(".controls, .choose");  // a turn, or the game to pick
    var foot = bar || document.querySelector(".act-ahead, .broke");
    var now = !!bar;
    var step = bar ? (bar.querySelector(".your-turn") || bar).textContent : null;
    var hint = bar && bar.querySelector(".hint-line");  // tapped whole: a push keeps it so
    if (hint && hintWhole !== null && hintWhole === step) hint.classList.add("whole");
    if (step !== hintWhole) hintWhole = null;
    document.body.classList.toggle("bar-open", now);
    document.body.classList.toggle("foot-bar", !!foot);
    if (foot) document.body.style.setProperty("--bar-height", (footHeight(foot) + 16) + "px");
    // What the browser scrolls to (a box tapped to type in the chat) stops above the bar.
    document.documentElement.style.scrollPaddingBottom = foot ? (footHeight(foot) + 16) + "px" : "";
    document.title = now ? "\u25cf Your turn \u2014 " + baseTitle : baseTitle;
    if (now && !myTurn) turnStarted();
    if (now && (!myTurn || step !== shownStep)) {
      keepFeltInView(bar);
      placedAt = Date.now();
    } else if (foot && !barShown) keepFeltInView(foot, true);
    myTurn = now;
    shownStep = step;
    barShown = !!foot;
  }
  // Where the bar shows only the hint's first lines (a phone on its side), a tap shows it
  // whole, through the pushes of that step.
  var hintWhole = null;  // the step whose hint was tapped whole
  document.addEventListener("click", function (event) {
    var line = event.target.closest && event.target.closest(".controls .hint-line");
    if (!line) return;
    line.classList.toggle("whole");
    hintWhole = line.classList.contains("whole") ? shownStep : null;
  });
  // The felt fitted again just after a turn came (its middle grew as the bar opened):
  // the turn's seat goes back above the bar. Later fits leave the page where one has it.
  var placedAt = 0;
  document.addEventListener("felt:fitted", function () {
    var bar = document.querySelector(".controls, .choose");
    if (bar && myTurn && Date.now() - placedAt < 1500) keepFeltInView(bar);
  });
  document.addEventListener("htmx:wsAfterMessage", showTurn);
  document.addEventListener("DOMContentLoaded", showTurn);
  window.addEventListener("resize", showTurn);
  // A box tapped to type in that a bar at the foot covers (the chat's, on a tablet) comes
  // up above it: the browser scrolls only one off the screen.
  document.addEventListener("focusin", function (event) {
    var box = event.target, bar = footBar();
    if (!bar || !box.matches("input[type=text], input:not([type]), textarea") || bar.contains(box)) return;
    var rect = box.getBoundingClientRect(), hit = document.elementFromPoint(rect.left + 4, rect.bottom - 2);
    if (!hit || !bar.contains(hit)) return;  // (a chat drawer over the bar: not covered)
    var over = rect.bottom - (window.innerHeight - footHeight(bar)) + 8;
    if (over > 0) window.scrollBy({ top: over, behavior: "auto" });
  });

  // The browser's own settings: sound, notifications, a four-colour deck.
  document.addEventListener("DOMContentLoaded", function () {
    document.body.classList.toggle("four-colours", stored("pokerhome.fourColours") === "1");
    var mute = document.getElementById("pref-mute");
    if (mute) mute.checked = muted();
    var four = document.getElementById("pref-four");
    if (four) four.checked = document.body.classList.contains("four-colours");
    var quiet = stored("pokerhome.noHints") === "1";
    document.body.classList.toggle("no-hints", quiet);
    var hints = document.getElementById("pref-no-hints");
    if (hints) hints.checked = quiet;
  });
  document.addEventListener("change", function (event) {
    var el = event.target;
    if (el.id === "pref-mute") store("pokerhome.muted", el.checked ? "1" : "0");
    if (el.id === "pref-four") {
      store("pokerhome.fourColours", el.checked ? "1" : "0");
      document.body.classList.toggle("four-colours", el.checked);
    }
    if (el.id === "pref-notify" && el.checked && window.Notification) Notification.requestPermission();
    if (el.id === "pref-no-hints") {
      store("pokerhome.noHints", el.checked ? "1" : "0");
      document.body.classList.toggle("no-hints", el.checked);
      showIntro();
    }
  });

  // Through a browser's first hand of a game at a table, the game in three lines for a
  // seated player (unless hints are off); "Got it" puts it away sooner. The key holds the
  // hand it came with.
  function showIntro() {
    var table = document.getElementById("table");
    var intro = document.getElementById("game-intro");
    var voided = table && table.dataset.afterVoid;
    if (voided) {  // a voided hand was no hand of its game: the next one has the intro
      var prefix = "pokerhome.intro." + location.pathname;
      storedKeys().forEach(function (key) {
        if (key.indexOf(prefix) === 0 && stored(key) === "hand " + voided) store(key, null);
      });
    }
    if (!table || !intro) return;
    var hints = !document.body.classList.contains("no-hints");
    if (!hints || !document.querySelector(".felt.seated")) {  // (not for a host who only
      putAway(intro);  // runs the table, nor for one who has left it)
      return;
    }
    if (!table.dataset.game) return;
    var key = "pokerhome.intro." + location.pathname + table.dataset.game;
    var hand = "hand " + table.dataset.hand;
    var first = stored(key);  // (set with the first hand this browser is dealt into:
    if (!first && document.querySelector(".felt .seat.me .card")) store(key, first = hand);
    if (first && first !== hand) {  // one watched before sitting down does not count)
      putAway(intro);  // its hand is over (or another game's intro was up)
      return;
    }
    var ways = intro.querySelectorAll("[data-game='" + table.dataset.game + "']");
    var said = [].filter.call(ways, function (p) {  // as the hand declares (else the first)
      return !p.dataset.declare || p.dataset.declare === table.dataset.declare;
    })[0] || ways[0];
    intro.querySelectorAll("[data-game]").forEach(function (p) { p.hidden = p !== said; });
    intro.dataset.key = key;
    if (!intro.hidden) return;
    intro.hidden = false;
    var foot = footBar();
    if (foot) keepFeltInView(foot, true);  // the intro pushed the table down under it
    introInView(intro, foot);
  }
  // A player scrolled down (reading the last result) is dealt in: the page goes up to
  // the intro, as far as their own seat stays clear of the bar at the foot.
  function introInView(intro, foot) {
    var above = -intro.getBoundingClientRect().top;
    var mine = document.querySelector(".felt .seat.me");
    if (above <= 0) return;
    var room = Infinity;
    if (foot && mine) room = window.innerHeight - footHeight(foot) - 6 - mine.getBoundingClientRect().bottom;
    var up = Math.min(above + 8, Math.max(room, 0));
    if (up > 0) window.scrollBy({ top: -up, behavior: "auto" });
  }
  // What goes from above the felt (the intro, the invite) goes without moving the felt on
  // the screen (the turn's bar may just have scrolled the felt into view).
  function keepingFeltStill(change) {
    var felt = document.querySelector(".felt");
    var before = felt ? felt.getBoundingClientRect().top : 0;
    change();
    if (felt) window.scrollBy({ top: felt.getBoundingClientRect().top - before, behavior: "auto" });
  }
  function putAway(intro) {
    if (!intro.hidden) keepingFeltStill(function () { intro.hidden = true; });
  }
  function footBar() { return document.querySelector(".controls, .choose, .act-ahead, .broke"); }
  document.addEventListener("htmx:wsAfterMessage", showIntro);
  document.addEventListener("DOMContentLoaded", showIntro);
  document.addEventListener("click", function (event) {
    var done = event.target.closest("#game-intro .got-it");
    if (!done) return;
    var intro = document.getElementById("game-intro");
    store(intro.dataset.key, "read");
    intro.hidden = true;
    var foot = footBar();
    if (foot) keepFeltInView(foot);  // the table moved up with it: back into view
  });

  // Keys on a desktop: F fold, C check or call, R raise (to the amount), Enter confirms.
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var typing = event.target.closest("input, select, textarea");
    var bar = document.querySelector(".controls");
    if (!bar || (typing && !typing.matches(".controls input[name=to]"))) return;
    var key = event.key.toLowerCase();
    if (typing && key !== "enter") return;
    var pick = {
      f: "button[data-key=f]",
      c: "button[data-key=c]",
      r: ".raise input[name=to]:not([type=hidden]), .raise button[data-key=r]",
    }[key];
    var el = pick && bar.querySelector(pick);
    if (!el) return;
    event.preventDefault();
    if (el.tagName === "INPUT") { el.focus(); el.select(); } else { el.click(); }
  });

  // The action clock drains; in its last 10 s it turns urgent and, on your turn, chimes.
  var warned = null;
  setInterval(function () {
    document.querySelectorAll(".next-deal[data-at]").forEach(function (el) {
      var left = Math.round(parseInt(el.dataset.at, 10) - Date.now() / 1000);
      el.textContent = left > 0 ? "Next hand in " + left + " s." : "Dealing the next hand\u2026";
    });
    document.querySelectorAll(".clock[data-deadline]").forEach(function (el) {
      var left = Math.max(0, parseInt(el.dataset.deadline, 10) - Date.now() / 1000);
      var total = parseInt(el.dataset.total, 10) || left || 1;
      left = Math.min(left, total);  // a pick's clock starts once the deal's pause ends
      el.querySelector(".countdown").textContent = Math.round(left) + "s";
      el.querySelector(".clock-bar").style.width = 5 * Math.min(1, left / total) + "rem";
      var urgent = left <= 10;
      el.classList.toggle("urgent", urgent);
      if (urgent && myTurn && warned !== el.dataset.deadline) {
        warned = el.dataset.deadline;
        beep();
      }
    });
  }, 250);
})();
