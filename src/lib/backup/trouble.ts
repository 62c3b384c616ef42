/**
 * What storage trouble an import hit, in plain words. The kind of trouble is the one check every
 * write of the app goes through (session/storage-trouble.ts: a full disk however the browser
 * reports it, another tab's write, the browser closing the database); only the words are the
 * import's own.
 */
import { chain, storageTrouble, type StorageTrouble } from '../session/storage-trouble';

const WORDS: Record<Exclude<StorageTrouble, 'refused' | 'missing'>, string> = {
  full: 'The phone’s storage is full. Free some space and import again.',
  'other-tab':
    'Another tab or window saved the same games while the import was being written. Import the file again to see them as they are now.',
  closed:
    'The browser closed Tableside’s saved data while the import was being written (its data was cleared or found damaged). Reload Tableside and import again.'
};

/** Why the phone's storage did not take the import (or its shared games' copies), to show as it is. */
export function writeFailure(error: unknown): string {
  const trouble = storageTrouble(error);
  if (trouble !== 'refused' && trouble !== 'missing') return WORDS[trouble];
  const detail = chain(error)[0]?.message ?? String(error);
  return `The phone’s storage refused to save the import (${detail}).`;
}
