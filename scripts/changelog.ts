/**
 * The line the app says when an update is taken: the first item of the newest entry (the first
 * "## " section) of CHANGELOG.md. The build fails on a changelog without one, rather than ship
 * an update that says nothing.
 */
export function newestChange(markdown: string): string {
  const lines = markdown.split(/\r?\n/);
  const entry = lines.findIndex((l) => l.startsWith('## '));
  if (entry < 0) throw new Error('CHANGELOG.md: no "## <version>" entry');
  for (const line of lines.slice(entry + 1)) {
    if (line.startsWith('## ')) break;
    const item = /^[-*]\s+(.+)$/.exec(line.trim());
    if (item) return item[1].trim();
  }
  throw new Error(`CHANGELOG.md: the entry "${lines[entry]}" has no "- " line`);
}
