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

  function everyForm() {
    document.querySelectorAll("form.settings").forEach(showWhatApplies);
  }

  window.pokerhomeSettings = { showWhatApplies: showWhatApplies };
  document.addEventListener("change", function (event) {
    var form = event.target.form;
    if (form && form.classList.contains("settings") &&
        (event.target.name === "game" || event.target.name === "structure")) {
      showWhatApplies(form);
    }
  });
  document.addEventListener("DOMContentLoaded", everyForm);
  // The browser may restore the form's values when the host comes back to the page.
  window.addEventListener("pageshow", everyForm);
  // A push re-renders the host's form (after table.js has put back what was chosen).
  document.addEventListener("htmx:wsAfterMessage", everyForm);
})();
