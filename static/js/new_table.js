// The new-table form: only the options that apply to the chosen game and betting are
// shown, and a game's house rules fill the form in one tap. Without this script the
// form shows every option and the house-rules buttons reload the page filled in.
(function () {
  "use strict";
  var form = document.getElementById("new-table");
  var starts = document.getElementById("house-starts");
  if (!form || !starts) return;
  var data = JSON.parse(document.getElementById("new-table-data").textContent);
  var game = form.elements.game;
  var structure = form.elements.structure;

  function among(list, value) {
    return !list || list.split(" ").indexOf(value) >= 0;
  }

  function showWhatApplies() {
    form.querySelectorAll(".only").forEach(function (group) {
      var applies = among(group.dataset.games, game.value) &&
        among(group.dataset.structures, structure.value);
      group.hidden = !applies;
      // A hidden option is not sent, so a value typed before it was hidden cannot
      // change the table (the server then takes the option's default).
      group.querySelectorAll("input, select").forEach(function (field) {
        field.disabled = !applies;
      });
    });
    var seats = form.elements.seat_count;
    var most = data.seats[game.value];
    if (seats && most) {
      seats.max = most;
      if (Number(seats.value) > most) seats.value = most;
    }
  }

  function fill(settings) {
    Object.keys(settings).forEach(function (name) {
      var field = form.elements[name];
      if (!field) return;
      var value = settings[name];
      if (field.type === "checkbox") field.checked = Boolean(value);
      else field.value = value === null ? "" : String(value);
    });
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
  structure.addEventListener("change", showWhatApplies);
  // The browser may restore the form's values when the host comes back to the page.
  window.addEventListener("pageshow", showWhatApplies);
  showWhatApplies();
})();
