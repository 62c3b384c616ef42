// Every page is prerendered; pages that need data from IndexedDB load it in the browser.
export const prerender = true;
export const trailingSlash = 'never';
