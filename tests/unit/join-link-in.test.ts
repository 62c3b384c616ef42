/**
 * A join link in words shared to the app (#57): found in a message's text or a shared page's
 * address, whichever host wrote it, and handed on as this app's /join path; words without one
 * give nothing, so /open says they are neither a game file nor a join link.
 */
import { describe, expect, it } from 'vitest';
import { joinLinkIn, parseShareLink, shareLink } from '../../src/lib/sync/link';

const shared = { room: 'room_1', key: 'k'.repeat(22), server: 'wss://sync.example' };
const link = shareLink('https://tableside.example', shared);

describe('joinLinkIn', () => {
  it('finds the link alone, in a sentence, in brackets, after a title, and from another host', () => {
    const path = `/join${new URL(link).hash}`;
    expect(joinLinkIn(link)).toBe(path);
    expect(joinLinkIn(`Join our Titans game: ${link}.`)).toBe(path);
    expect(joinLinkIn(`Tableside game\n(${link})`)).toBe(path);
    expect(joinLinkIn(link.replace('https://tableside.example', 'http://127.0.0.1:4173'))).toBe(path);
    // What it hands on reads back as the same game.
    expect(parseShareLink(new URL(path, 'http://x').hash)).toEqual({ ok: true, shared });
  });

  it('gives nothing for words without a join link: plain text, another page, a /join with no game', () => {
    expect(joinLinkIn('Tonight at eight, bring snacks')).toBeUndefined();
    expect(joinLinkIn('https://example.com/games#room=a&key=b')).toBeUndefined();
    expect(joinLinkIn('https://tableside.example/join')).toBeUndefined();
    expect(joinLinkIn('ftp://tableside.example/join#room=a')).toBeUndefined();
    expect(joinLinkIn('')).toBeUndefined();
  });
});
