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

  // A push replaces the table; keep what this person was typing or had opened.
  var kept = null;
  document.addEventListener("htmx:wsBeforeMessage", function () {
    kept = { values: {}, open: [], focus: document.activeElement && document.activeElement.id };
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
    kept = null;
  });
  // A notice belongs to the moment it was about: once the table has moved on (and the
  // notice has been up a moment), it goes.
  var shownVersion = -1;
  function stampNotice() {
    var notice = document.getElementById("notice");
    if (notice && notice.textContent.trim() && !notice.dataset.shownAt) {
      notice.dataset.shownAt = String(Date.now());
    }
    return notice;
  }
  setInterval(stampNotice, 300);
  document.addEventListener("htmx:wsAfterMessage", function () {
    var version = currentVersion();
    if (version <= shownVersion) return;
    shownVersion = version;
    var notice = stampNotice();
    if (notice && Date.now() - parseInt(notice.dataset.shownAt || "0", 10) > 2000) {
      notice.textContent = "";
      notice.classList.remove("error");
      delete notice.dataset.shownAt;
    }
  });

  // A push that is lost leaves this page behind: ask for the table now and then.
  setInterval(sync, 15000);

  document.addEventListener("click", function (event) {
    var preset = event.target.closest("[data-amount]");
    if (preset) {
      var input = preset.closest("form").querySelector("input[name=to]");
      input.value = preset.dataset.amount;
      return;
    }
    var pick = event.target.closest(".arrange-card");
    if (pick) {
      var form = pick.closest("form");
      var field = form.querySelector("input[name=order]");
      var order = field.value ? field.value.split(",") : [];
      if (order.indexOf(pick.dataset.card) === -1) order.push(pick.dataset.card);
      field.value = order.join(",");
      pick.classList.add("picked");
      pick.setAttribute("data-position", order.length);
      form.querySelector(".order-shown").textContent = order.join(" ");
      form.querySelector(".confirm-order").disabled = order.length !== 5;
      return;
    }
    var reset = event.target.closest(".reset-order");
    if (reset) {
      var f = reset.closest("form");
      f.querySelector("input[name=order]").value = "";
      f.querySelector(".order-shown").textContent = "";
      f.querySelector(".confirm-order").disabled = true;
      f.querySelectorAll(".arrange-card").forEach(function (b) {
        b.classList.remove("picked");
        b.removeAttribute("data-position");
      });
    }
  });

  // The draw button says what it will do: "Draw 2", or "Stand pat" with no card tapped.
  document.addEventListener("change", function (event) {
    var form = event.target.closest("form.pick");
    var button = form && form.querySelector(".draw-button");
    if (!button) return;
    var count = form.querySelectorAll("input[name=discard]:checked").length;
    button.textContent = count ? button.dataset.some.replace("{n}", count) : button.dataset.none;
  });

  setInterval(function () {
    document.querySelectorAll(".countdown[data-deadline]").forEach(function (el) {
      var left = Math.max(0, Math.round(parseInt(el.dataset.deadline, 10) - Date.now() / 1000));
      el.textContent = left + "s";
    });
  }, 500);
})();
