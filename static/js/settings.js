// A settings form (a new table's, or the host's at the table) shows only the options
// that apply to the chosen game and betting. A hidden option is disabled, so it is not
// sent: a value typed before it was hidden cannot change the table. Without this
// script the form shows every option.
(function () {
  "use strict";
  function among(list, value) {
    return !list || list.split(" ").indexOf(value) >= 0;
  }

  function showWhatApplies(form) {
    var game = form.elements.game;
    var structure = form.elements.structure;
    if (!game || !structure) return;
    form.querySelectorAll(".only").forEach(function (group) {
      var applies = among(group.dataset.games, game.value) &&
        among(group.dataset.structures, structure.value);
      group.hidden = !applies;
      group.querySelectorAll("input, select").forEach(function (field) {
        field.disabled = !applies;
      });
    });
  }

  // Fill the form with ``settings`` (field name: value), as a game's house rules.
  function fill(form, settings) {
    Object.keys(settings).forEach(function (name) {
      var field = form.elements[name];
      if (!field) return;
      var value = settings[name];
      if (field.type === "checkbox") field.checked = Boolean(value);
      else field.value = value === null ? "" : String(value);
    });
    showWhatApplies(form);
  }

  function holds(form, settings) {
    return Object.keys(settings).every(function (name) {
      var field = form.elements[name], value = settings[name];
      if (!field || field.disabled) return true;  // (hidden: it does not apply)
      if (field.type === "checkbox") return field.checked === Boolean(value);
      return field.value === (value === null ? "" : String(value));
    });
  }

  // The host's form, once another game is chosen, offers that game's house betting: the
  // betting otherwise stays as it was set for the game before.
  function offerHouse(form) {
    var offer = form.querySelector(".use-house");
    var data = document.getElementById("house-rules");
    if (!offer || !data) return;
    var house = JSON.parse(data.textContent)[form.elements.game.value];
    offer.hidden = !house || form.elements.game.value === form.dataset.game || holds(form, house.settings);
    if (house) offer.querySelector("button").textContent =
      "Use the house betting for " + house.name + ": " + house.words;
  }

  function everyForm() {
    document.querySelectorAll("form.settings").forEach(function (form) {
      showWhatApplies(form);
      offerHouse(form);
    });
  }

  window.pokerhomeSettings = { showWhatApplies: showWhatApplies, fill: fill };
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.classList.contains("settings") &&
        (event.target.name === "game" || event.target.name === "structure")) {
      showWhatApplies(form);
      offerHouse(form);
    }
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest(".use-house button");
    var form = button && button.form;
    if (!form) return;
    var house = JSON.parse(document.getElementById("house-rules").textContent)[form.elements.game.value];
    fill(form, house.settings);
    offerHouse(form);  // (now held: it goes)
  });
  document.addEventListener("DOMContentLoaded", everyForm);
  // The browser may restore the form's values when the host comes back to the page.
  window.addEventListener("pageshow", everyForm);
  // A push re-renders the host's form (after table.js has put back what was chosen).
  document.addEventListener("htmx:wsAfterMessage", everyForm);
})();
