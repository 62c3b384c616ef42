// Reached from the share sheet (through the service worker) or a tapped file: built in the
// browser from the SPA fallback, like /play/<id>.
export const prerender = false;
export const ssr = false;
