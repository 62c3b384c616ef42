/** A finished game in a few lines of text, for the share sheet or the clipboard. */
import type { Scoring } from '../session/types';
import type { PlayRecord } from './stats';

export function shareText(play: PlayRecord, scoring: Scoring): string {
  const winners = play.players.filter((p) => p.winner).map((p) => p.name);
  const headline = winners.length
    ? `${winners.join(' & ')} ${winners.length > 1 && play.tie ? 'tie' : winners.length > 1 ? 'win' : 'wins'}`
    : 'No winner';
  const unit = play.length.unit === 'round' ? 'round' : 'turn';
  const length = `${play.length.number} ${unit}${play.length.number === 1 ? '' : 's'}${play.minutes ? `, ${play.minutes} min` : ''}`;
  const ranking = [...play.players]
    .sort((a, b) => a.rank - b.rank)
    .map((p) => `${p.rank}. ${p.name}: ${p.score} ${scoring.unit}`);
  return [
    `${play.gameTitle}${play.format ? ` (${play.format})` : ''}: ${headline}!`,
    ...ranking,
    length
  ].join('\n');
}
