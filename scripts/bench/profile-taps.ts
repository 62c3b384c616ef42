/**
 * Where a tap's time goes: a CPU profile of 12 Guide me "Next" taps on the Titans play screen at
 * 4× CPU, as self time per function (ours, the browser's "(program)", and Playwright's own
 * clicking). For finding what to make cheaper, not a benchmark.
 *
 *   npm run build && npx tsx scripts/bench/profile-taps.ts
 */
import { launch, openTab } from '../../tests/browser/harness';
import { startServer } from '../serve.mjs';
const server = await startServer({ port: 0 });
const browser = await launch();
const { page, context } = await openTab(browser);
const url = server.url;
await page.goto(`${url}/titans/new`);
await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
await page.getByPlaceholder('Player 1').fill('Ana');
await page.getByPlaceholder('Player 2').fill('Ben');
await page.getByRole('button', { name: 'Start the game' }).click();
await page.waitForURL(/\/play\//);
await page.getByRole('button', { name: 'More' }).click();
await page.getByRole('menuitemcheckbox', { name: /Guide me/ }).click();
await page.getByRole('button', { name: 'Begin the first age' }).click();
const cdp = await context.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await page.waitForTimeout(500);
await cdp.send('Profiler.start');
for (let i = 0; i < 12; i++) {
  await page.waitForTimeout(350);
  await page.getByRole('button', { name: /^Next: / }).click();
}
await page.waitForTimeout(500);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<string, number>();
// A profile that took no samples has neither list.
const dt = profile.timeDeltas ?? [];
const samples = profile.samples ?? [];
for (let i = 0; i < samples.length; i++) {
  const n = byId.get(samples[i]);
  if (!n) continue;
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.entries()]
  .filter(([k]) => !k.startsWith('(idle)') && !k.startsWith('(program)'))
  .reduce((s, [, v]) => s + v, 0);
console.log('busy ms (JS, throttled 4x):', (total / 1000).toFixed(0), 'for 12 taps');
for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log((v / 1000).toFixed(1).padStart(8), k);
await browser.close();
await server.close();
