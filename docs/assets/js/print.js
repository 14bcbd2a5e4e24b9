// Printing: the examples of a rule (closed <details> on screen) print open, then close again.
// Chromium also opens them from CSS (print.css, ::details-content); this covers the other browsers.
const opened = [];
window.addEventListener("beforeprint", () => {
  for (const details of document.querySelectorAll("details.tda-example:not([open])")) {
    details.open = true;
    opened.push(details);
  }
});
window.addEventListener("afterprint", () => {
  while (opened.length) opened.pop().open = false;
});
