// The <details> menus work without JavaScript; this adds what a menu button promises from the keyboard:
// focus on the first item when it opens, arrow keys, Home and End between items, Escape (and a click
// outside or on the backdrop) to close, focus back on the button.
(function () {
  var menus = document.querySelectorAll('details[data-user-menu], details[data-mobile-menu]');
  function itemsOf(menu) {
    return Array.prototype.slice.call(menu.querySelectorAll('[role="menuitem"], nav a, nav button:not([data-menu-close])'));
  }
  function close(menu, refocus) {
    menu.open = false;
    var summary = menu.querySelector('summary');
    if (refocus && summary) summary.focus();
  }
  menus.forEach(function (menu) {
    menu.addEventListener('toggle', function () {
      var first = itemsOf(menu)[0];
      if (menu.open && first) first.focus();
    });
    menu.addEventListener('keydown', function (event) {
      if (!menu.open) return;
      var items = itemsOf(menu);
      var index = items.indexOf(document.activeElement);
      var next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[event.key];
      if (event.key === 'Escape') {
        event.preventDefault();
        close(menu, true);
      } else if (next !== undefined && items.length) {
        event.preventDefault();
        items[(next + items.length) % items.length].focus();
      }
    });
    menu.querySelectorAll('.fixed[aria-hidden="true"], [data-menu-close]').forEach(function (closer) {
      closer.addEventListener('click', function () {
        close(menu, true);
      });
    });
  });
  document.addEventListener('click', function (event) {
    menus.forEach(function (menu) {
      if (menu.open && !menu.contains(event.target)) close(menu, false);
    });
  });
})();
