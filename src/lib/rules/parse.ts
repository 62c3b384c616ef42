/**
 * Turns a game's rules reference (markdown, see docs/rules-format.md) into sections and pages.
 * Runs at build time and in tests only: marked never ships to the phone.
 */
import { Marked, type Token, type Tokens } from 'marked';
import { headingHtml } from './text';

export type SectionKind = 'section' | 'term' | 'ruling' | 'example';

interface RulesSection {
  game: string;
  id: string;
  title: string;
  level: 2 | 3 | 4;
  /** The id of the H2 page this section is on. */
  page: string;
  kind: SectionKind;
  /** Plain text of this section's own content (up to the next heading), for search. */
  text: string;
  /** Rendered HTML of the section with its subsections (heading excluded), for in-game help. */
  html: string;
  /**
   * Rendered HTML of this section's own content, up to the next heading of any level: what the
   * phone stores (text.ts puts pages and sections back together from these, each text once).
   */
  own: string;
}

interface RulesPage {
  game: string;
  id: string;
  title: string;
  /** Rendered HTML of the whole H2 section, subsections included. */
  html: string;
  /** Sub-headings on this page, for its table of contents. */
  toc: { id: string; title: string; level: 3 | 4; kind: SectionKind }[];
}

export interface GameRules {
  game: string;
  title: string;
  /** HTML of the text before the first H2. */
  intro: string;
  pages: RulesPage[];
  sections: RulesSection[];
}

class RulesFormatError extends Error {
  constructor(game: string, message: string) {
    super(`rules for ${game}: ${message}`);
    this.name = 'RulesFormatError';
  }
}

const HEADING_ATTRS = /\s*\{#([a-z0-9]+(?:-[a-z0-9]+)*)((?:\s+\.[a-z]+)*)\s*\}\s*$/;
const KINDS: SectionKind[] = ['term', 'ruling', 'example'];

function parseHeading(raw: string): { title: string; id: string; kind: SectionKind } | undefined {
  const m = HEADING_ATTRS.exec(raw);
  if (!m) return undefined;
  const classes = m[2]
    .split(/\s+/)
    .filter(Boolean)
    .map((c) => c.slice(1));
  const kind = (classes.find((c) => (KINDS as string[]).includes(c)) as SectionKind) ?? 'section';
  return { title: raw.slice(0, m.index).trim(), id: m[1], kind };
}

/** Plain text of inline markdown: what a reader sees, without markup. */
function plainText(tokens: Token[]): string {
  const out: string[] = [];
  const walk = (list: Token[]) => {
    for (const t of list) {
      const children = (t as { tokens?: Token[] }).tokens;
      if (t.type === 'table') {
        const table = t as Tokens.Table;
        for (const cell of [...table.header, ...table.rows.flat()]) {
          walk(cell.tokens);
          out.push(' ');
        }
      } else if (t.type === 'list') {
        for (const item of (t as Tokens.List).items) {
          walk(item.tokens);
          out.push(' ');
        }
      } else if (children && children.length) {
        walk(children);
        if (t.type === 'paragraph' || t.type === 'heading' || t.type === 'blockquote') out.push(' ');
      } else if (t.type === 'text' || t.type === 'codespan' || t.type === 'escape') {
        out.push((t as Tokens.Text).text);
      } else if (t.type === 'br' || t.type === 'space') {
        out.push(' ');
      }
    }
  };
  walk(tokens);
  return out
    .join('')
    .replace(
      /&(amp|lt|gt|quot|#39);/g,
      (_, e) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e as 'amp']!
    )
    .replace(/\s+/g, ' ')
    .trim();
}

function rulesHref(game: string, page: string, id?: string): string {
  return `/rules/${game}/${page}` + (id && id !== page ? `#${id}` : '');
}

export function parseRules(game: string, markdown: string): GameRules {
  const fail = (message: string) => {
    throw new RulesFormatError(game, message);
  };
  const lexer = new Marked({ gfm: true });
  const tokens = lexer.lexer(markdown);

  const h1 = tokens.find((t) => t.type === 'heading' && (t as Tokens.Heading).depth === 1) as
    Tokens.Heading | undefined;
  if (!h1) fail('the file must start with a “# Title” line');

  // 1. Find every section heading and check its id.
  const sections: RulesSection[] = [];
  const seen = new Set<string>();
  let page = '';
  let current: { section: RulesSection; tokens: Token[] } | undefined;
  const ownTokens = new Map<string, Token[]>();
  const introTokens: Token[] = [];
  for (const t of tokens) {
    if (t.type === 'heading') {
      const h = t as Tokens.Heading;
      if (h.depth === 1) continue;
      if (h.depth > 4) fail(`heading “${h.text}” is deeper than ####`);
      const parsed = parseHeading(h.text);
      if (!parsed) fail(`heading “${h.text}” needs an id, like {#some-id}`);
      const { title, id, kind } = parsed!;
      if (seen.has(id)) fail(`the id “${id}” is used twice`);
      seen.add(id);
      if (h.depth === 2) page = id;
      else if (!page) fail(`heading “${title}” comes before the first ## heading`);
      const section: RulesSection = {
        game,
        id,
        title,
        level: h.depth as 2 | 3 | 4,
        page,
        kind,
        text: '',
        html: '',
        own: ''
      };
      sections.push(section);
      current = { section, tokens: [] };
      ownTokens.set(id, current.tokens);
    } else if (current) {
      current.tokens.push(t);
    } else {
      introTokens.push(t);
    }
  }
  for (const s of sections) s.text = plainText(ownTokens.get(s.id)!);

  // 2. Every in-game link must point at a section that exists.
  const pageOf = new Map(sections.map((s) => [s.id, s.page]));
  const walkLinks = (list: Token[], visit: (link: Tokens.Link) => void) => {
    for (const t of list) {
      if (t.type === 'link' || t.type === 'image') visit(t as Tokens.Link);
      const nested: Token[][] = [];
      const anyT = t as unknown as {
        tokens?: Token[];
        items?: { tokens: Token[] }[];
        header?: { tokens: Token[] }[];
        rows?: { tokens: Token[] }[][];
      };
      if (anyT.tokens) nested.push(anyT.tokens);
      anyT.items?.forEach((i) => nested.push(i.tokens));
      anyT.header?.forEach((c) => nested.push(c.tokens));
      anyT.rows?.forEach((r) => r.forEach((c) => nested.push(c.tokens)));
      nested.forEach((n) => walkLinks(n, visit));
    }
  };
  // Only links to our own sections are allowed (an allowlist, so no scheme can slip through), and
  // no images: the HTML this makes is rendered with {@html} and must hold nothing but our text.
  walkLinks(tokens, (link) => {
    if ((link as Token).type === 'image') fail(`images are not part of the rules text (${link.href})`);
    if (!link.href.startsWith('#')) {
      fail(`the link “${link.text}” leaves the app (${link.href}); only links to #sections are allowed`);
    }
    const target = link.href.slice(1);
    const targetPage = pageOf.get(target);
    if (!targetPage) fail(`the link “${link.text}” points at #${target}, which does not exist`);
    link.href = rulesHref(game, targetPage!, target);
  });

  // 3. Render each H2 page; headings get their ids and a kind class.
  const renderer = new Marked({ gfm: true, async: false });
  renderer.use({
    renderer: {
      heading(token) {
        return headingHtml({ ...parseHeading(token.text)!, level: token.depth });
      },
      html() {
        // Raw HTML is not part of the format: it would bypass every check above.
        fail('raw HTML is not allowed in the rules text');
        return '';
      }
    }
  });
  const render = (list: Token[]) => renderer.parser(list as never) as string;

  // Each section's HTML: from its heading to the next heading of the same or a higher level.
  const headingIndex = tokens
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t.type === 'heading' && (t as Tokens.Heading).depth > 1);
  headingIndex.forEach(({ t, i }, n) => {
    const depth = (t as Tokens.Heading).depth;
    const end =
      headingIndex.slice(n + 1).find((h) => (h.t as Tokens.Heading).depth <= depth)?.i ?? tokens.length;
    const section = sections[n];
    section.html = render(tokens.slice(i + 1, end));
    section.own = render(tokens.slice(i + 1, headingIndex[n + 1]?.i ?? tokens.length));
  });

  const pages: RulesPage[] = [];
  let pageTokens: Token[] = [];
  let pageSection: RulesSection | undefined;
  const flush = () => {
    if (!pageSection) return;
    pages.push({
      game,
      id: pageSection.id,
      title: pageSection.title,
      html: render(pageTokens),
      toc: sections
        .filter((s) => s.page === pageSection!.id && s.level > 2)
        .map((s) => ({ id: s.id, title: s.title, level: s.level as 3 | 4, kind: s.kind }))
    });
  };
  for (const t of tokens) {
    if (t.type === 'heading' && (t as Tokens.Heading).depth === 2) {
      flush();
      pageSection = sections.find((s) => s.id === parseHeading((t as Tokens.Heading).text)!.id);
      pageTokens = [];
      continue;
    }
    if (t.type === 'heading' && (t as Tokens.Heading).depth === 1) continue;
    if (pageSection) pageTokens.push(t);
  }
  flush();
  if (pages.length === 0) fail('there are no ## sections');

  return { game, title: h1!.text.trim(), intro: render(introTokens), pages, sections };
}
