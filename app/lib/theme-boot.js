// Runs in <head> before the first paint, so a dark page never flashes white.
// The same rule as applyTheme in app/lib/theme.ts (key "moments-theme").
(function () {
  var theme = "light";
  try {
    var choice = localStorage.getItem("moments-theme");
    var systemDark = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches;
    theme = choice === "dark" || (choice !== "light" && systemDark) ? "dark" : "light";
  } catch (e) {
    // Storage refused: the light theme.
  }
  document.documentElement.dataset.theme = theme;
})();
