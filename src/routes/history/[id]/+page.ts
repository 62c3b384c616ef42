// A finished game lives in this browser's IndexedDB: the page is built in the browser.
export const prerender = false;
export const ssr = false;
