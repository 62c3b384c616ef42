/**
 * "Log in BG Stats": one finished play as the BG Stats app's documented link,
 * https://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>. Built only when the person
 * taps, and the one place the app leaves its origin, by their hand.
 */
import type { Scoring } from '../session/types';
import type { PlayRecord } from './stats';

export const BG_STATS_URL = 'https://app.bgstatsapp.com/createPlay.html';
/** Links longer than this are refused by some browsers and share sheets. */
export const MAX_LINK = 8000;

interface BgStatsPlay {
  sourceName: 'Tableside';
  sourcePlayId: string;
  playDate: string;
  durationMin: number;
  comments: string;
  /** Where it was played, when the table said. */
  location?: string;
  game: { name: string; sourceGameId: string; highestWins: boolean; noPoints: boolean; bggId?: number };
  players: {
    name: string;
    sourcePlayerId?: string;
    score: number;
    winner: boolean;
    rank: number;
    startPlayer: boolean;
    team?: string;
  }[];
}

/** "YYYY-MM-DD HH:mm:ss" in the phone's local time, as BG Stats expects. */
export function localDate(time: number): string {
  const d = new Date(time);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

export function bgStatsPlay(play: PlayRecord, scoring: Scoring): BgStatsPlay {
  const teams =
    play.players.some((p) => p.team !== undefined) &&
    new Set(play.players.map((p) => p.team)).size < play.players.length;
  return {
    sourceName: 'Tableside',
    sourcePlayId: play.id,
    playDate: localDate(play.start),
    durationMin: play.minutes,
    // The table's own note first; the setup in a few words after it.
    comments: [
      play.note,
      /player/.test(play.format)
        ? play.format
        : [play.format, `${play.players.length} players`].filter(Boolean).join(', ')
    ]
      .filter(Boolean)
      .join('\n'),
    ...(play.location ? { location: play.location } : {}),
    // No bggId: we are not sure enough of any of these games' BoardGameGeek ids to send one.
    game: {
      name: play.gameTitle,
      sourceGameId: play.game,
      highestWins: scoring.highestWins,
      noPoints: scoring.noPoints
    },
    players: play.players.map((p) => ({
      // The name now (results/names.ts): BG Stats matches players by it across plays.
      name: p.name,
      // Remembered players keep one id across plays; a guest has none.
      ...(p.profile ? { sourcePlayerId: p.profile } : {}),
      score: p.score,
      winner: p.winner,
      rank: p.rank,
      startPlayer: p.started,
      ...(teams && p.team !== undefined ? { team: `Team ${p.team + 1}` } : {})
    }))
  };
}

type BgStatsLink = { ok: true; url: string } | { ok: false; reason: string };

export function bgStatsLink(play: BgStatsPlay): BgStatsLink {
  const url = `${BG_STATS_URL}?data=${encodeURIComponent(JSON.stringify(play))}`;
  if (url.length > MAX_LINK) {
    return {
      ok: false,
      reason: `This play is too long to send as a link (${url.length} characters; at most ${MAX_LINK}).`
    };
  }
  return { ok: true, url };
}
