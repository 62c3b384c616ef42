/**
 * A page whose code would not load (its chunk gone after a deploy, or never stored and the phone
 * offline) reached the error page as SvelteKit's "Internal Error": it is said in words instead,
 * and +error.svelte offers Reload. Anything else is logged, and also said in words.
 *
 * The test is app/code-failure.ts's, written out here: this file is in every page's first paint,
 * and importing that module from here made Rollup regroup the small chunks around it, which put
 * the journal's messages (about 1 KB) into the home page's first paint.
 */
import type { HandleClientError } from '@sveltejs/kit';

export const handleError: HandleClientError = ({ error }) => {
  console.error(error);
  return /dynamically imported module|module script failed|unable to preload css/i.test(
    error instanceof Error ? error.message : ''
  )
    ? {
        message:
          'The code of this page could not be loaded: Tableside may have just been updated, or this phone is offline. Your games are safe on this phone.',
        reload: true
      }
    : { message: 'Something went wrong in Tableside while opening this page.' };
};
