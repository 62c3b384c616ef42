/**
 * Every icon comes from the one SVG source: the committed PNGs are exactly what scripts/build/icons.ts
 * renders from static/icon.svg today, and the manifest lists them at their real sizes.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICONS, SOURCE, renderIcon } from '../../scripts/build/icons';
import { manifest } from '../../src/lib/app/manifest';

const png = (file: string) => readFileSync(resolve(__dirname, '../../static/icons', file));
const size = (buf: Buffer) => [buf.readUInt32BE(16), buf.readUInt32BE(20)];

describe('icons', () => {
  it.each(ICONS)('$file is rendered from static/icon.svg at $size px', ({ file, size: px, maskable }) => {
    const committed = png(file);
    expect(size(committed)).toEqual([px, px]);
    const fresh = renderIcon(readFileSync(SOURCE, 'utf8'), px, maskable);
    expect(fresh.equals(committed), `${file} is stale: run npx tsx scripts/build/icons.ts`).toBe(true);
  });

  it('the manifest lists 192 and 512 px icons and a maskable one, each at its real size', () => {
    const icons = manifest.icons ?? [];
    const purposes = icons.map((i) => i.purpose ?? 'any');
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(purposes).toContain('maskable');
    for (const icon of icons) {
      const [w, h] = size(readFileSync(resolve(__dirname, '../../static', icon.src.replace(/^\//, ''))));
      expect(`${w}x${h}`).toBe(icon.sizes);
    }
  });
});
