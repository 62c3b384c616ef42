/**
 * The person's settings: what they are, their defaults, and how each is checked (settings arrive
 * from storage and from backup files, and neither is trusted blindly).
 */
import * as v from 'valibot';

export const THEMES = ['system', 'light', 'dark'] as const;
export const TEXT_SIZES = ['normal', 'large', 'larger'] as const;

export type Theme = (typeof THEMES)[number];
export type TextSize = (typeof TEXT_SIZES)[number];

export interface Settings {
  theme: Theme;
  /** Keep the screen awake while a game is open. */
  keepAwake: boolean;
  /** A short vibration on every change, where the phone supports it. */
  haptics: boolean;
  textSize: TextSize;
  /**
   * Walk every step of a turn one at a time (for a table learning a game). Off: the quick flow,
   * where reminders are a checklist and only what changes a number is tapped. Each game can
   * override it from its own menu.
   */
  guideMe: boolean;
  /**
   * The sync server games shared with other phones meet at (ws:// or wss://). Empty: none, and
   * the app works alone; nothing is ever sent anywhere until a game is shared.
   */
  syncServer: string;
}

export const DEFAULT_SETTINGS: Settings = {
  theme: 'system',
  keepAwake: true,
  haptics: true,
  textSize: 'normal',
  guideMe: false,
  syncServer: ''
};

/** An empty address or a ws:// or wss:// one with a host: what the sync server setting takes. */
export const SYNC_SERVER = /^(|wss?:\/\/[^\s/?#]+(\/[^\s?#]*)?)$/;

/**
 * The longest sync server address kept. A backup refuses a longer one (a shared game's record
 * holds it too), so a longer one taken here would have made every later backup refused.
 */
export const MAX_SYNC_SERVER = 500;

/**
 * What is wrong with a sync server address as typed (surrounding spaces are dropped when it is
 * kept), in plain words; undefined when it can be kept. The one rule for Settings, the share
 * sheet and the stored setting.
 */
export function syncServerProblem(text: string, page: { secure?: boolean } = {}): string | undefined {
  const address = text.trim();
  if (address.length > MAX_SYNC_SERVER) {
    return `A sync server address has at most ${MAX_SYNC_SERVER} characters; this one has ${address.length.toLocaleString('en')}.`;
  }
  if (!SYNC_SERVER.test(address)) {
    return 'That is not a ws:// or wss:// address (for example ws://192.168.1.20:4444).';
  }
  if (page.secure && address.startsWith('ws://') && !onLoopback(address)) {
    return 'Tableside is open over HTTPS here, so the browser blocks a plain ws:// server. Use the server’s wss:// address (a TLS proxy in front of it; see the README).';
  }
  return undefined;
}

/** This device's own address: a browser lets a secure page reach it over plain ws://. */
function onLoopback(address: string): boolean {
  const host = address.slice('ws://'.length).split(/[/:]/)[0].toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    address.startsWith('ws://[::1]')
  );
}

/** Whether this page was served over HTTPS (an installed app usually is). */
export function securePage(): boolean {
  return typeof location !== 'undefined' && location.protocol === 'https:';
}

export const SETTING_SCHEMAS = {
  theme: v.picklist(THEMES, `expected one of: ${THEMES.join(', ')}`),
  keepAwake: v.boolean('expected true or false'),
  haptics: v.boolean('expected true or false'),
  textSize: v.picklist(TEXT_SIZES, `expected one of: ${TEXT_SIZES.join(', ')}`),
  guideMe: v.boolean('expected true or false'),
  syncServer: v.pipe(
    v.string('expected text'),
    v.maxLength(MAX_SYNC_SERVER, `expected at most ${MAX_SYNC_SERVER} characters`),
    // The rule the fields in Settings and the share sheet show; a kept address is trimmed.
    v.check((s) => s === s.trim() && !syncServerProblem(s), 'expected a ws:// or wss:// address')
  )
} satisfies Record<keyof Settings, v.GenericSchema>;

export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(SETTING_SCHEMAS) as SettingKey[];

/** Stored rows to settings; anything unreadable falls back to its default, never throws. */
export function settingsFromRows(rows: readonly { key: string; value: unknown }[]): Settings {
  const out: Settings = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (!(SETTING_KEYS as string[]).includes(row.key)) continue;
    const key = row.key as SettingKey;
    const parsed = v.safeParse(SETTING_SCHEMAS[key], row.value);
    if (parsed.success) (out as unknown as Record<string, unknown>)[key] = parsed.output;
  }
  return out;
}
