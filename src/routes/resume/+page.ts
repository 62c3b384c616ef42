// The "Resume the last game" shortcut: built in the browser from the SPA fallback, like /play/<id>.
export const prerender = false;
export const ssr = false;
