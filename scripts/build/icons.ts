/**
 * Renders every PNG icon from the one SVG source, static/icon.svg:
 *   npx tsx scripts/build/icons.ts          (writes static/icons/*.png)
 * tests/unit/icons.test.ts renders them again and fails if a committed PNG differs.
 */
import { Resvg } from '@resvg/resvg-js';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
export const SOURCE = resolve(root, 'static/icon.svg');

/** The maskable variant: full-bleed felt, the mark inside the central 80% safe zone. */
function maskableSvg(svg: string): string {
  const felt = /<rect id="felt"[^>]*fill="([^"]+)"/.exec(svg)?.[1] ?? '#17433a';
  const mark = /<g id="mark">[\s\S]*<\/g>\s*<\/svg>/.exec(svg)![0].replace(/<\/svg>$/, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><rect width="512" height="512" fill="${felt}"/><g transform="translate(51.2 40) scale(0.8)">${mark}</g></svg>`;
}

export const ICONS: { file: string; size: number; maskable?: boolean }[] = [
  { file: 'icon-192.png', size: 192 },
  { file: 'icon-512.png', size: 512 },
  { file: 'maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true }
];

export function renderIcon(svg: string, size: number, maskable = false): Buffer {
  const source = maskable ? maskableSvg(svg) : svg;
  return new Resvg(source, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const svg = readFileSync(SOURCE, 'utf8');
  for (const icon of ICONS) {
    writeFileSync(resolve(root, 'static/icons', icon.file), renderIcon(svg, icon.size, icon.maskable));
    console.log(`static/icons/${icon.file} (${icon.size}px)`);
  }
}
