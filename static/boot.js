// Runs before the app, in every first paint (so kept small; docs/architecture.md, Offline and
// updates, says why each part is here): the saved theme and text size, mirrored from IndexedDB
// by the app, before the first paint; and words instead of a blank page when the app's code
// cannot load.
(function () {
  var root = document.documentElement;
  var started = function () {
    return root.dataset.hydrated !== undefined;
  };
  try {
    var theme = localStorage.getItem('tableside:theme');
    var size = localStorage.getItem('tableside:textSize');
    if (theme === 'light' || theme === 'dark') root.dataset.theme = theme;
    if (size === 'large' || size === 'larger') root.dataset.textSize = size;
  } catch {
    // Storage can be blocked; the defaults then apply.
  }
  addEventListener('unhandledrejection', function (event) {
    var message = String((event.reason && event.reason.message) || event.reason);
    // Once started, the app tells its own failures.
    if (started() || !/dynamically imported module|module script failed/i.test(message)) return;
    event.preventDefault();
    console.error(event.reason);
    // Not the entry (the error page's file): the app may start without it.
    setTimeout(show, /\/entry\//.test(message) ? 0 : 3000);
  });
  function show() {
    var page = document.body.firstElementChild;
    var box = document.createElement('div');
    if (started() || document.getElementById('code-missing')) return;
    box.id = 'code-missing';
    box.setAttribute('role', 'alert');
    // Styled here, in the app's colours when its stylesheet came: it may be gone too.
    box.style.cssText =
      'position:fixed;inset:0;z-index:99;padding:1.5rem;background:var(--bg,Canvas);color:var(--text,CanvasText);font:1.125rem/1.5 system-ui;color-scheme:' +
      (root.dataset.theme || 'light dark');
    box.innerHTML =
      '<h1 style="font-size:1.6rem;line-height:1.2">Tableside could not start</h1><p>Tableside could not load its code: it may have just been updated, or this phone is offline.</p><p>Your games are safe on this phone.</p><button style="min-height:3rem;padding:0 1.5rem;border:0;border-radius:.75rem;background:var(--accent,#17624f);color:var(--accent-text,#fff);font:inherit;font-weight:700">Reload</button>';
    box.lastChild.onclick = function () {
      location.reload();
    };
    if (page) page.inert = true;
    document.body.append(box);
    // Started after all, slowly: it takes over.
    new MutationObserver(function () {
      if (!started()) return;
      box.remove();
      if (page) page.inert = false;
    }).observe(root, { attributes: true });
  }
})();
