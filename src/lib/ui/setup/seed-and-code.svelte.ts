import { newSeed } from '../../random/seeded';

/**
 * What every setup screen keeps for its "Seed and sharing" card (SeedShare): the seed that decides
 * the game's draws, and the card's last word (a code applied, a seed refused). With them, the
 * game (its id for the link, its title for the share sheet) and what its seed decides, in a line.
 */
export class SeedAndCode {
  seed = $state(newSeed());
  message = $state('');

  constructor(
    readonly game: { id: string; title: string },
    /** What the seed decides in this game, in a line. */
    readonly note: string
  ) {}
}
