// The practice form: the bots' box holds to what the chosen game seats beside you (the
// server refuses more, and says why, without this script).
(function () {
  "use strict";
  var form = document.querySelector("form.practice");
  if (!form) return;
  function holdBots() {
    var picked = form.querySelector("input[name=game]:checked");
    var most = picked && parseInt(picked.dataset.bots, 10);
    if (!most) return;
    form.elements.bots.max = most;
    if (Number(form.elements.bots.value) > most) form.elements.bots.value = most;
  }
  form.addEventListener("change", holdBots);
  holdBots();
})();
