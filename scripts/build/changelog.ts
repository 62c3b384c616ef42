/**
 * The line the app says when an update is taken: the first item of the newest entry (the first
 * "## " section) of CHANGELOG.md. The build fails on a changelog without one, rather than ship
 * an update that says nothing.
 */
export function newestChange(markdown: string): string {
  const lines = markdown.split(/\r?\n/);
  const entry = lines.findIndex((l) => l.startsWith('## '));
  if (entry < 0) throw new Error('CHANGELOG.md: no "## <version>" entry');
  const rest = lines.slice(entry + 1);
  for (const [i, line] of rest.entries()) {
    if (line.startsWith('## ')) break;
    const item = /^[-*]\s+(.+)$/.exec(line.trim());
    if (!item) continue;
    // A bullet wrapped over several lines is one sentence: its indented lines go with it.
    const more = rest.slice(i + 1).findIndex((l) => !/^\s+\S/.test(l));
    const wrapped = rest.slice(i + 1, more < 0 ? undefined : i + 1 + more);
    return [item[1], ...wrapped].map((l) => l.trim()).join(' ');
  }
  throw new Error(`CHANGELOG.md: the entry "${lines[entry]}" has no "- " line`);
}
