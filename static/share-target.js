// Imported by the service worker (vite.config.ts, workbox.importScripts). A game file shared to
// Tableside from another app (the manifest's share_target) arrives as a POST to /share-target,
// which a static host cannot answer. The worker answers it: it keeps the file in Cache Storage
// and sends the page to /open?from=share, which checks the file and shows what it holds; only
// the person's tap there stores anything. Shared words with no file (a join link sent as text or
// as a URL) are kept the same way, marked as text, for /open to follow or refuse.
//
// Any web page can make a browser post a form to this address, with a file in it. A worker sees
// neither Sec-Fetch-Site nor Origin (Chromium adds them after the worker), so it goes by what it
// does see: the phone's share sheet makes a navigation with no referrer. A POST that is not a
// navigation, or that names a page of another origin as its referrer, keeps no file: /open says
// so. (A page that hides its referrer still gets no further than /open's question.)
self.addEventListener('fetch', function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== 'POST' || url.origin !== self.location.origin) return;
  if (url.pathname !== '/share-target') return;
  event.respondWith(
    (async function () {
      var cache = await caches.open('tableside-shared-file');
      await cache.delete('/shared-file');
      var from = request.referrer ? new URL(request.referrer).origin : '';
      if (request.mode !== 'navigate' || (from && from !== self.location.origin)) {
        await cache.put('/shared-file', new Response('', { headers: { 'x-refused': 'not-the-share-sheet' } }));
        return Response.redirect('/open?from=share', 303);
      }
      try {
        var form = await request.formData();
        var file = form.getAll('file').find(function (f) {
          return f instanceof File;
        });
        if (file)
          await cache.put(
            '/shared-file',
            new Response(file, { headers: { 'x-file-name': encodeURIComponent(file.name) } })
          );
        else {
          // No file: the share sheet sent words (a join link as text or as a URL, or anything
          // else). /open reads them: a join link goes on to /join, anything else is named.
          var words = ['title', 'text', 'url']
            .map(function (name) {
              var value = form.get(name);
              return typeof value === 'string' ? value.trim() : '';
            })
            .filter(Boolean)
            .join('\n');
          if (words)
            await cache.put('/shared-file', new Response(words, { headers: { 'x-shared': 'text' } }));
        }
      } catch {
        // Not a form the worker could read: /open finds no file and says so.
      }
      return Response.redirect('/open?from=share', 303);
    })()
  );
});
