/**
 * The notes the home screen may show above the games, each rarely: the low-space warning and the
 * offer to install. This module and theirs load after the first paint, and a note's component
 * only when it will show, so none of it weighs on the home page's first paint.
 */
import type { Component } from 'svelte';
import { getDb } from '$lib/app/database.svelte';
import { nothingSaved } from '$lib/app/first-visit';
import { askForPersistence, lowSpaceLeft, storageReport } from '$lib/app/storage';

export async function lowSpaceNote(): Promise<Component | undefined> {
  if (lowSpaceLeft(await storageReport()) === undefined) return undefined;
  return (await import('$lib/ui/LowSpace.svelte')).default;
}

export async function installNote(): Promise<Component<{ place: 'home' | 'settings' }> | undefined> {
  // Offered after a game, so never on a first visit (and the database stays closed then).
  if (await nothingSaved()) return undefined;
  // Without a database (private browsing, its code missing) there is no game to follow: the
  // banner above the page says why, and the note simply does not show.
  const games = await getDb()
    .then((db) => db.sessions.toArray())
    .catch(() => undefined);
  if (!games) return undefined;
  // The first finished game: a good moment to ask the browser to keep the games for good.
  if (games.some((g) => g.status === 'finished')) void askForPersistence();
  const { homeOffers } = await import('$lib/install/offer');
  if (!(await homeOffers(games))) return undefined;
  return (await import('$lib/install/InstallOffer.svelte')).default;
}
