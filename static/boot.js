// Runs before the app: applies the theme and text size saved in settings (mirrored here from
// IndexedDB by the app) so the first paint already has the right colours.
(function () {
  try {
    var root = document.documentElement;
    var theme = localStorage.getItem('tableside:theme');
    var size = localStorage.getItem('tableside:textSize');
    if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
    if (size === 'large' || size === 'larger') root.dataset.textSize = size;
  } catch {
    // Storage can be blocked; the defaults then apply.
  }
})();
