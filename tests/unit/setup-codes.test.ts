/**
 * One set of tests for the setup-code codec every game uses (src/lib/share/setup-code.ts): the
 * bits, the check, the reasons, and the codes people already shared.
 *
 * tests/fixtures/setup-codes-v1.json holds codes made by the build before the shared codec
 * (version 1, main at cc25953) for every game, each with what that build decoded it to.
 */
import { describe, expect, it } from 'vitest';
import v1 from '../fixtures/setup-codes-v1.json';
import {
  BitReader,
  BitWriter,
  CODE_ALPHABET,
  checkCharacter,
  setupCodec,
  type Decoded
} from '../../src/lib/share/setup-code';
import * as titans from '../../src/lib/games/titans/share';
import * as twilight from '../../src/lib/games/twilight/share';
import * as epic from '../../src/lib/games/epic/share';
import * as wiz from '../../src/lib/games/wiz/share';
import * as theos from '../../src/lib/games/theos/share';
import { GAMES } from '../../src/lib/games/registry';

type Any = any;

/**
 * Each game's reader, giving what the fixtures recorded (the build of then spread the fields beside
 * `ok`, Theos as `setup`), and a writer from that (the names a code leaves out filled in).
 */
const recorded = (d: Decoded<Any>, key?: string) =>
  d.ok ? (key ? { ok: true, [key]: d.value } : { ok: true, ...d.value }) : d;
const GAME_CODECS: Record<string, { decode(raw: string): Any; encode(decoded: Any): string }> = {
  titans: {
    decode: (raw) => recorded(titans.setupCode.decode(raw)),
    encode: ({ ok: _ok, ...s }) => titans.setupCode.encode(s)
  },
  twilight: {
    decode: (raw) => recorded(twilight.setupCode.decode(raw)),
    encode: ({ ok: _ok, ...s }) => twilight.setupCode.encode(s)
  },
  epic: {
    decode: (raw) => recorded(epic.setupCode.decode(raw)),
    encode: ({ ok: _ok, ...s }) => epic.setupCode.encode(s)
  },
  wiz: {
    decode: (raw) => recorded(wiz.setupCode.decode(raw)),
    encode: ({ ok: _ok, seats, ...s }) =>
      wiz.setupCode.encode({
        ...s,
        seed: '',
        players: Array.from({ length: seats }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}` }))
      })
  },
  theos: {
    decode: (raw) => recorded(theos.setupCode.decode(raw), 'setup'),
    encode: (d) => theos.setupCode.encode(d.setup)
  }
};

const fixtures = v1 as Record<string, { code: string; decoded: Any }[]>;
const prefixOf = (id: string) => GAMES.find((g) => g.id === id)!.codePrefix!;

describe('setup codes: the bits', () => {
  it('read back what was written, field by field, across letter boundaries', () => {
    const out = new BitWriter().int(5, 3).flag(true).int(1000, 17).letters('K7Q').int(0, 2);
    const text = out.text();
    expect(text.length).toBe(Math.ceil((3 + 1 + 17 + 15 + 2) / 5));
    const input = new BitReader(
      [...text].flatMap((c) => [4, 3, 2, 1, 0].map((b) => (CODE_ALPHABET.indexOf(c) >> b) & 1))
    );
    expect([input.int(3), input.flag(), input.int(17), input.letters(3), input.int(2)]).toEqual([
      5,
      true,
      1000,
      'K7Q',
      0
    ]);
    expect(input.wrongLength).toBe(false);
    expect(input.int(5)).toBe(0);
    expect(input.pastEnd).toBe(true);
  });
  it('refuse a value that does not fit its field, rather than writing another one', () => {
    expect(() => new BitWriter().int(8, 3)).toThrow(RangeError);
    expect(() => new BitWriter().int(-1, 3)).toThrow(RangeError);
    expect(() => new BitWriter().letters('K*')).toThrow(RangeError);
  });
});

describe('setup codes: the check character', () => {
  it('version 2 catches every single-letter typo in any position, the check letter included', () => {
    const body = 'ABCDEFGHJKMNPQRSTVWXYZ0123456789ABCDEFG'; // longer than 32 letters: weights wrap
    const check = checkCharacter(body, 2);
    for (let i = 0; i < body.length; i++) {
      for (const c of CODE_ALPHABET) {
        if (c === body[i]) continue;
        const typo = body.slice(0, i) + c + body.slice(i + 1);
        expect(checkCharacter(typo, 2), `letter ${i + 1} as ${c}`).not.toBe(check);
      }
    }
  });
  it('version 1 (codes shared before) missed some, which is why codes moved to version 2', () => {
    // Weight 2 on the second letter: a change of 16 places adds 32, nothing modulo 32.
    expect(checkCharacter('00', 1)).toBe(checkCharacter('0G', 1));
  });
});

describe('setup codes: every game', () => {
  for (const [game, list] of Object.entries(fixtures)) {
    const codec = GAME_CODECS[game];
    const prefix = prefixOf(game);

    it(`${game}: codes shared before (version 1) still give the very same setups`, () => {
      expect(list.length).toBeGreaterThan(10);
      for (const { code, decoded } of list) {
        expect(code.startsWith(`${prefix}1-`)).toBe(true);
        expect(codec.decode(code), code).toEqual(decoded);
      }
    });

    it(`${game}: new codes are version 2 and round-trip every one of those setups`, () => {
      for (const { decoded } of list) {
        const code = codec.encode(decoded);
        expect(code).toMatch(new RegExp(`^${prefix}2(-[0-9A-Z]{1,4})+$`));
        expect(codec.decode(code)).toEqual(decoded);
        expect(codec.decode(`https://table.example/${game}/new?code=${encodeURIComponent(code)}`)).toEqual(
          decoded
        );
        expect(codec.decode(` ${code.toLowerCase().replace(/-/g, ' ')} `)).toEqual(decoded);
      }
    });

    it(`${game}: every single-letter typo in a new code is refused, never read as another setup`, () => {
      for (const { decoded } of list.slice(0, 6)) {
        const code = codec.encode(decoded);
        const start = prefix.length + 2; // after "T2-"
        for (let i = start; i < code.length; i++) {
          if (code[i] === '-') continue;
          for (const c of CODE_ALPHABET) {
            if (c === code[i]) continue;
            const typo = code.slice(0, i) + c + code.slice(i + 1);
            const result = codec.decode(typo);
            expect(result.ok, `${typo} (from ${code})`).toBe(false);
          }
        }
      }
    });

    it(`${game}: a code cut short or run on is refused with a plain reason`, () => {
      const code = codec.encode(list[list.length - 1].decoded);
      expect(codec.decode(code.slice(0, -3))).toMatchObject({ ok: false, reason: expect.any(String) });
      expect(codec.decode('')).toEqual({ ok: false, reason: 'Enter a setup code first.' });
    });

    it(`${game}: another game's code is named, not read`, () => {
      for (const [other, otherList] of Object.entries(fixtures)) {
        if (other === game) continue;
        const foreign = GAME_CODECS[other].encode(otherList[0].decoded);
        const title = GAMES.find((g) => g.id === other)!.title;
        const result = codec.decode(foreign);
        expect(result.ok).toBe(false);
        expect(result.reason).toContain(`setup code, not`);
        expect(result.reason).toContain(title);
      }
    });
  }

  it('names the game in the words people read', () => {
    const code = GAME_CODECS.titans.encode(fixtures.titans[0].decoded);
    expect(epic.setupCode.decode(code)).toEqual({
      ok: false,
      reason:
        'That is a Titans of Eden setup code, not an Epic one: open it from Titans of Eden’s new-game screen.'
    });
    expect(titans.setupCode.decode('hello')).toEqual({
      ok: false,
      reason: 'That is not a Titans of Eden setup code (they start with “T2-”).'
    });
    expect(titans.setupCode.decode('T9-ABCD')).toEqual({
      ok: false,
      reason: 'That code was made by a newer version of Tableside: update the app to read it.'
    });
  });

  it('every game has a code prefix of its own, and none is the start of another code', () => {
    const prefixes = GAMES.map((g) => g.codePrefix);
    expect(prefixes.every(Boolean)).toBe(true);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    expect(() =>
      setupCodec({ game: { id: 'x', title: 'X', codePrefix: 'OU' }, write: () => {}, read: () => 1 })
    ).toThrow(/capitals other than I, L, O and U/);
  });
});

describe('setup codes: a game declares only its fields', () => {
  // A made-up game, to show a codec is its fields and nothing else.
  const codec = setupCodec<{ a: number; b: boolean }>({
    game: { id: 'made-up', title: 'Made Up', codePrefix: 'MK' },
    write: (v, out) => out.int(v.a, 4).flag(v.b),
    read: (input) => ({ a: input.int(4), b: input.flag() }),
    check: (v) => (v.a > 9 ? 'a is at most 9' : undefined)
  });
  it('round-trips, checks what it read, and says the length is wrong', () => {
    expect(codec.decode(codec.encode({ a: 7, b: true }))).toEqual({ ok: true, value: { a: 7, b: true } });
    expect(codec.decode(codec.encode({ a: 12, b: false }))).toEqual({
      ok: false,
      reason: 'The code’s setup is not valid: a is at most 9.'
    });
    const long = new BitWriter().int(7, 4).flag(true).int(0, 10).text();
    expect(codec.decode(`MK2-${long}${checkCharacter(long, 2)}`)).toEqual({
      ok: false,
      reason: 'The code is the wrong length for its setup: a character is missing or one too many.'
    });
  });
});
