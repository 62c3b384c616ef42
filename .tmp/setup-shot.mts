import { launch, openTab, serve, visit } from '/work/wt-33/tests/browser/harness';
const server = await serve();
const browser = await launch();
for (const dark of [false, true]) {
  const { page, context } = await openTab(browser, { dark });
  await page.setViewportSize({ width: 360, height: 800 });
  await visit(page, `${server.url}/titans/new`);
  await page.screenshot({ path: `/tmp/i33/titans-setup-${dark ? 'dark' : 'light'}.png` });
  await page.getByRole('radiogroup', { name: 'Format' }).getByRole('radio', { name: /Three/ }).click();
  await page.getByRole('radiogroup', { name: 'Number of players' }).getByRole('radio', { name: '5' }).click();
  await page.waitForTimeout(200);
  await page.screenshot({ path: `/tmp/i33/titans-setup-three-${dark ? 'dark' : 'light'}.png`, fullPage: true });
  const w = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log('scrollWidth', w);
  await context.close();
}
await browser.close();
await server.close();
