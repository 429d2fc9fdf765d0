// The new-table form: a game's house rules fill the form in one tap, and the seats are
// held to the game's most (settings.js shows only the options that apply). Without this
// script the house-rules buttons reload the page filled in.
(function () {
  "use strict";
  var form = document.getElementById("new-table");
  var starts = document.getElementById("house-starts");
  if (!form || !starts) return;
  var data = JSON.parse(document.getElementById("new-table-data").textContent);
  var game = form.elements.game;

  function showWhatApplies() {
    window.pokerhomeSettings.showWhatApplies(form);  // settings.js
    var seats = form.elements.seat_count;
    var most = data.seats[game.value];
    var cut = document.getElementById("seats-cut");
    if (seats && most && cut) {
      seats.max = most;
      cut.textContent = "";
      if (Number(seats.value) > most) {
        seats.value = most;
        var name = game.options[game.selectedIndex].text;
        cut.textContent = name + " seats " + most + " at most: the seats are now " + most + ".";
      }
    }
  }

  function fill(settings) {
    window.pokerhomeSettings.fill(form, settings);  // settings.js
    showWhatApplies();
  }

  function markStart(chosen) {
    starts.querySelectorAll("button[name=start]").forEach(function (button) {
      button.setAttribute("aria-pressed", String(button === chosen));
    });
    document.getElementById("house-starts-done").textContent = chosen
      ? "Filled in: " + chosen.firstChild.textContent.trim() +
        ". Check the stakes and buy-ins below, then open the table."
      : "";
  }

  starts.addEventListener("click", function (event) {
    var button = event.target.closest("button[name=start]");
    if (!button || !data.house[button.value]) return;
    event.preventDefault();
    fill(data.house[button.value]);
    markStart(button);
  });
  game.addEventListener("change", function () {
    markStart(null);
    showWhatApplies();
  });
  // The browser may restore the form's values when the host comes back to the page.
  window.addEventListener("pageshow", showWhatApplies);
  showWhatApplies();
})();
