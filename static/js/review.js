// Hand review: arrow keys step through the hand; the slider jumps. Keys pressed before
// the next step's page has come count on from the step asked for, not the one shown.
(function () {
  "use strict";
  var asked = null;  // the step asked for, while its page is on its way
  document.addEventListener("keydown", function (event) {
    if (event.target.closest("input, select, textarea")) return;
    var stepper = document.querySelector(".stepper");
    var by = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (!stepper || !by) return;
    var from = asked === null ? parseInt(stepper.dataset.step, 10) : asked;
    var to = Math.max(0, Math.min(parseInt(stepper.dataset.total, 10), from + by));
    if (to === from) return;
    asked = to;
    location.assign("?step=" + to);
  });
  document.addEventListener("change", function (event) {
    if (event.target.matches(".slider input[type=range]")) event.target.form.submit();
  });
})();
