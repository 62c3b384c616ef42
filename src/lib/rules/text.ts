/**
 * One game's rules text as the phone holds it: every section's own part, once
 * (/rules/<game>/sections.json). The rules pages, the in-game help and search's snippets all put
 * what they show back together from it, so the precache stores each game's text one time.
 * No markdown here: parse.ts renders the parts at build time.
 */
import type { GameRules, SectionKind } from './parse';

export interface TextSection {
  id: string;
  title: string;
  level: 2 | 3 | 4;
  /** The id of the H2 page this section is on. */
  page: string;
  kind: SectionKind;
  /** HTML of the section's own content, up to the next heading of any level (heading excluded). */
  html: string;
}

export interface RulesText {
  game: string;
  title: string;
  /** HTML of the text before the first page. */
  intro: string;
  sections: TextSection[];
}

interface PageEntry {
  id: string;
  title: string;
  toc: { id: string; title: string; level: 3 | 4; kind: SectionKind }[];
}

/** The text a game's rules parse to, as stored (build time). */
export function rulesText(rules: GameRules): RulesText {
  return {
    game: rules.game,
    title: rules.title,
    intro: rules.intro,
    sections: rules.sections.map(({ id, title, level, page, kind, own }) => ({
      id,
      title,
      level,
      page,
      kind,
      html: own
    }))
  };
}

/** A section's heading as the rules pages show it: its id to link to, its kind as a class. */
export function headingHtml(h: { id: string; title: string; level: number; kind: SectionKind }): string {
  const cls = h.kind === 'section' ? '' : ` class="${h.kind}"`;
  return `<h${h.level} id="${h.id}"${cls}>${escapeHtml(h.title)}</h${h.level}>\n`;
}

/**
 * A section with everything under it (its own part, then each deeper section's heading and part).
 * `raise` lifts the headings under it by that many levels: a rules page shows its H2's title as
 * the page's h1, so the sections under it are its h2s and h3s (no level skipped).
 */
export function sectionHtml(text: RulesText, id: string, raise = 0): string | undefined {
  const at = text.sections.findIndex((s) => s.id === id);
  if (at < 0) return undefined;
  const { level } = text.sections[at];
  let html = text.sections[at].html;
  for (const s of text.sections.slice(at + 1)) {
    if (s.level <= level) break;
    html += headingHtml({ ...s, level: s.level - raise }) + s.html;
  }
  return html;
}

/** The pages (one per H2) with their tables of contents, in order. */
export function pagesOf(text: RulesText): PageEntry[] {
  return text.sections
    .filter((s) => s.level === 2)
    .map((p) => ({
      id: p.id,
      title: p.title,
      toc: text.sections
        .filter((s) => s.page === p.id && s.level > 2)
        .map((s) => ({ id: s.id, title: s.title, level: s.level as 3 | 4, kind: s.kind }))
    }));
}

/** What a rules page shows: its text, its contents and its neighbours; undefined for no such page. */
export function rulesPage(text: RulesText, id: string) {
  const pages = pagesOf(text);
  const index = pages.findIndex((p) => p.id === id);
  if (index < 0) return undefined;
  const neighbour = (i: number) => (pages[i] ? { id: pages[i].id, title: pages[i].title } : null);
  return {
    game: text.game,
    gameTitle: text.title,
    page: { ...pages[index], html: sectionHtml(text, id, 1)! },
    previous: neighbour(index - 1),
    next: neighbour(index + 1)
  };
}

/** A game's contents page: its introduction and its pages. */
export function rulesContents(text: RulesText) {
  return { game: text.game, title: text.title, intro: text.intro, pages: pagesOf(text) };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
