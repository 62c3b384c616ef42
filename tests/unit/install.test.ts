/**
 * When Tableside offers to be installed (#34): Safari on an iPhone or iPad told from its user
 * agent (not the screen), installed by any sign, "Not now" for a week, the moment after a game;
 * and the changelog line an update says.
 */
import { describe, expect, it } from 'vitest';
import { afterAGame, isInstalled, isIosSafari, snoozed, SNOOZE_MS } from '../../src/lib/install/detect';
import { newestChange } from '../../scripts/build/changelog';
import { readFileSync } from 'node:fs';

const UA = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iPadSafari:
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
  // iPadOS 13+ Safari asks for desktop sites by default and says it is a Mac.
  iPadAsMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  chromeOnIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1',
  firefoxOnIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15',
  facebookOnIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/460.0.0.0]',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36'
};

describe('Safari on an iPhone or iPad', () => {
  it('is told by its user agent, an iPad asking for desktop sites by its touch points', () => {
    expect(isIosSafari(UA.iPhoneSafari, 5)).toBe(true);
    expect(isIosSafari(UA.iPadSafari, 5)).toBe(true);
    expect(isIosSafari(UA.iPadAsMac, 5)).toBe(true);
    // The same user agent on a Mac (no touch screen) is desktop Safari: it installs its own way.
    expect(isIosSafari(UA.iPadAsMac, 0)).toBe(false);
  });

  it('is not another browser on iOS, an app with a browser inside, or Android', () => {
    expect(isIosSafari(UA.chromeOnIphone, 5)).toBe(false);
    expect(isIosSafari(UA.firefoxOnIphone, 5)).toBe(false);
    expect(isIosSafari(UA.facebookOnIphone, 5)).toBe(false);
    expect(isIosSafari(UA.androidChrome, 5)).toBe(false);
  });
});

describe('the offer', () => {
  const notInstalled = { standalone: false, iosStandalone: false, relatedInstalled: false };

  it('knows the app is installed from the display mode, iOS’s flag or the related apps', () => {
    expect(isInstalled(notInstalled)).toBe(false);
    expect(isInstalled({ ...notInstalled, standalone: true })).toBe(true);
    expect(isInstalled({ ...notInstalled, iosStandalone: true })).toBe(true);
    expect(isInstalled({ ...notInstalled, relatedInstalled: true })).toBe(true);
  });

  it('"Not now" keeps it away for a week, and a date in the future counts as now', () => {
    const now = 1_800_000_000_000;
    expect(snoozed(undefined, now)).toBe(false);
    expect(snoozed(now - SNOOZE_MS + 1, now)).toBe(true);
    expect(snoozed(now - SNOOZE_MS, now)).toBe(false);
    expect(snoozed(now + 5 * SNOOZE_MS, now)).toBe(true);
    expect(snoozed(Number.NaN, now)).toBe(false);
  });

  it('comes after a game finished, archived, or played and left; not after one only set up', () => {
    expect(afterAGame([])).toBe(false);
    expect(afterAGame([{ status: 'active', head: 0 }])).toBe(false);
    expect(afterAGame([{ status: 'active', head: 3 }])).toBe(true);
    expect(afterAGame([{ status: 'finished', head: 0 }])).toBe(true);
    expect(afterAGame([{ status: 'archived', head: 0 }])).toBe(true);
    expect(afterAGame([{ status: 'finished', head: 9, deletedAt: 1 }])).toBe(false);
  });
});

describe('the changelog line', () => {
  it('is the first item of the newest entry', () => {
    expect(
      newestChange('# Changes\n\nIntro.\n\n## 0.2.0\n\n- Newest thing.\n- Other.\n\n## 0.1.0\n\n- Old.\n')
    ).toBe('Newest thing.');
    // A bullet wrapped over lines is said whole, not cut at its first line's end.
    expect(newestChange('## 0.2.0\n\n- Newest thing, told\n  over two lines.\n- Other.\n')).toBe(
      'Newest thing, told over two lines.'
    );
    expect(() => newestChange('# Changes\n')).toThrow(/no "## <version>" entry/);
    expect(() => newestChange('## 0.2.0\n\nProse only.\n## 0.1.0\n- Old.')).toThrow(/has no "- " line/);
  });

  it('the app’s own CHANGELOG.md has one', () => {
    const text = readFileSync(new URL('../../CHANGELOG.md', import.meta.url), 'utf8');
    expect(newestChange(text).length).toBeGreaterThan(10);
  });
});
