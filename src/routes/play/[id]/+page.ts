// A saved game lives in this browser's IndexedDB: the page is built in the browser from the
// SPA fallback (200.html), which the service worker serves offline for any /play/<id>.
export const prerender = false;
export const ssr = false;
