// The theme (light, dark or system) applied before the first paint, so a dark page never flashes light;
// any theme select on the page changes and stores it.
(function () {
  var root = document.documentElement;
  function apply(choice) {
    var dark = choice === 'dark' || (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.toggle('dark', dark);
  }
  var stored = null;
  try {
    stored = localStorage.getItem('theme');
  } catch (e) {}
  apply(stored || 'light');
  document.addEventListener('DOMContentLoaded', function () {
    document.querySelectorAll('[data-theme-select]').forEach(function (select) {
      select.value = stored || 'light';
      select.addEventListener('change', function () {
        try {
          localStorage.setItem('theme', select.value);
        } catch (e) {}
        apply(select.value);
      });
    });
  });
  window.matchMedia('(prefers-color-scheme: dark)').addEventListener('change', function () {
    var current = null;
    try {
      current = localStorage.getItem('theme');
    } catch (e) {}
    if (current === 'system') apply('system');
  });
})();
