// Imported by the service worker (vite.config.ts, workbox.importScripts). A game file shared to
// Tableside from another app (the manifest's share_target) arrives as a POST to /share-target,
// which a static host cannot answer. The worker answers it: it keeps the file in Cache Storage
// and sends the page to /open?from=share, which reads the file and opens it through the same
// checks as Settings → "Open a game file…" (a bad file changes nothing and says why).
self.addEventListener('fetch', function (event) {
  var url = new URL(event.request.url);
  if (event.request.method !== 'POST' || url.origin !== self.location.origin) return;
  if (url.pathname !== '/share-target') return;
  event.respondWith(
    (async function () {
      var cache = await caches.open('tableside-shared-file');
      await cache.delete('/shared-file');
      try {
        var form = await event.request.formData();
        var file = form.getAll('file').find(function (f) {
          return f instanceof File;
        });
        if (file)
          await cache.put(
            '/shared-file',
            new Response(file, { headers: { 'x-file-name': encodeURIComponent(file.name) } })
          );
      } catch {
        // Not a form the worker could read: /open finds no file and says so.
      }
      return Response.redirect('/open?from=share', 303);
    })()
  );
});
