import { normalizeCode } from '../../random/seeded';
import { tableNamesProblem } from '../../util/player-name';
import type { BaseSetup, PlayerSetup } from '../../games/kit';
import type { GameEntry } from '../../games/types';
import type { SetupCodec } from '../../share/setup-code';
import { SeedAndCode } from './seed-and-code.svelte';

type Range = { min: number; max: number };

interface DraftOptions<S extends BaseSetup> {
  /** What the seed decides in this game, in a line. */
  note: string;
  /** A setup to start from (a shared link): its number of seats and its seed are taken at once. */
  initial?: S;
  /** What the card says once `initial` is taken. */
  initialMessage?: string;
  /** The seats this form allows now (a format's own range); the game's range without it. */
  range?: () => Range;
  /** Seats at first (clamped to the range); the least the range allows without it. */
  count?: number;
  /** The name a seat left blank plays under (default "Player 3"). */
  seatName?: (seat: number) => string;
  /** Seats that are never a remembered person (WiZ's solo opponent): always a guest. */
  notAPerson?: (seat: number) => boolean;
}

/**
 * What every new-game screen keeps the same way, so a game's Setup.svelte keeps only its own
 * choices: the seats (a name and a Guest toggle each, as many as the game allows), the seed and
 * the setup-code card's last word (SeedAndCode), a shared setup's seats and seed taken as the
 * screen opens, and the one name rule that holds Start back.
 *
 * Names are kept for every seat the game has, not just those shown: a table that tries five
 * players and goes back to four finds the names it typed.
 */
export class SetupDraft<S extends BaseSetup = BaseSetup> extends SeedAndCode {
  names = $state<string[]>([]);
  guests = $state<boolean[]>([]);
  #count = $state(0);

  readonly #range: () => Range;
  readonly #seatName: (seat: number) => string;
  readonly notAPerson: (seat: number) => boolean;

  constructor(game: Pick<GameEntry, 'id' | 'title' | 'players'>, options: DraftOptions<S>) {
    super(game, options.note);
    this.#range = options.range ?? (() => game.players);
    this.#seatName = options.seatName ?? ((seat) => `Player ${seat + 1}`);
    this.notAPerson = options.notAPerson ?? (() => false);
    this.names = Array.from({ length: game.players.max }, () => '');
    this.guests = this.names.map(() => false);
    this.count = options.count ?? this.#range().min;
    const { initial } = options;
    if (initial) {
      if (initial.players.length) this.count = initial.players.length;
      if (initial.seed) this.seed = normalizeCode(initial.seed);
      this.message = options.initialMessage ?? '';
    }
  }

  /** How many seats are shown, always within the range the form allows now. */
  get count(): number {
    return this.#clamp(this.#count);
  }
  /** A count out of range is kept at its nearest end (a format chosen with fewer seats). */
  set count(n: number) {
    this.#count = this.#clamp(n);
  }

  /** After the range changed (another format): the count shown is the one kept from now on. */
  fitRange(): void {
    this.count = this.#count;
  }

  #clamp(n: number): number {
    const { min, max } = this.#range();
    return Math.min(max, Math.max(min, n));
  }

  /** The name a seat plays under: as typed, or its stand-in when left blank. */
  nameOf(seat: number): string {
    return this.names[seat]?.trim() || this.#seatName(seat);
  }

  /**
   * The seats as a setup names them, "p1", "p2"… in the order typed. A seat left without a name
   * plays as a guest: "Player 3" is nobody to remember.
   */
  readonly players: PlayerSetup[] = $derived(
    Array.from({ length: this.count }, (_, seat) => ({
      id: `p${seat + 1}`,
      name: this.nameOf(seat),
      ...(this.guests[seat] || !this.names[seat]?.trim() || this.notAPerson(seat) ? { guest: true } : {})
    }))
  );

  /**
   * The one name rule every game shares (util/player-name.ts), as a reason Start is held back:
   * here and not in the games' setup problems, so games stored before it still open and import.
   */
  readonly namesProblem: string | undefined = $derived(tableNamesProblem(this.players.map((p) => p.name)));

  /**
   * Applies a typed code with the game's codec: `take` sets what it carries, and the card says
   * `message`; or the reason the code is refused, for the card to show.
   */
  useCode<T>(
    codec: Pick<SetupCodec<T, never>, 'decode'>,
    text: string,
    take: (shared: T) => void,
    message: string
  ): string | undefined {
    const decoded = codec.decode(text);
    if (!decoded.ok) return decoded.reason;
    take(decoded.value);
    this.message = message;
  }
}
