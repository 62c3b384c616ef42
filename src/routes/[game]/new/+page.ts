import { error } from '@sveltejs/kit';
import { GAMES, gameById } from '$lib/games/registry';
import type { EntryGenerator, PageLoad } from './$types';

export const entries: EntryGenerator = () => GAMES.map((g) => ({ game: g.id }));

export const load: PageLoad = ({ params }) => {
  const game = gameById(params.game);
  if (!game) error(404, `There is no game called “${params.game}”.`);
  return { gameId: game.id, title: game.title };
};
