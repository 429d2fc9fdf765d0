// Hand review: arrow keys step through the hand; the slider jumps.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.target.closest("input, select, textarea")) return;
    var link = document.getElementById(event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : "");
    if (link) link.click();
  });
  document.addEventListener("change", function (event) {
    if (event.target.matches(".slider input[type=range]")) event.target.form.submit();
  });
})();
