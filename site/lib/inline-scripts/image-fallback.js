// Image fallbacks before any island loads: a broken image with data-fallback="<url>" swaps to that image
// (class images: the default image), one with data-fallback="hide" is hidden so the initials behind show.
document.addEventListener(
  'error',
  function (event) {
    var img = event.target;
    if (!img || img.tagName !== 'IMG') return;
    var fallback = img.getAttribute('data-fallback');
    if (!fallback) return;
    img.removeAttribute('data-fallback');
    if (fallback === 'hide') img.style.display = 'none';
    else img.src = fallback;
  },
  true,
);
