// The practice form: the bots' box holds to what the chosen game seats beside you (the
// server refuses more, and says why, without this script); the name given at a table or
// here before is offered again (table.js keeps it under the same key).
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
  var name = form.elements.name;
  try {
    var known = localStorage.getItem("pokerhome-name");
    if (known && !name.value) name.value = known;
  } catch (e) { /* a browser may refuse storage: the name is typed */ }
  form.addEventListener("submit", function () {
    try {
      if (name.value.trim()) localStorage.setItem("pokerhome-name", name.value.trim());
    } catch (e) { /* nothing kept */ }
  });
})();
