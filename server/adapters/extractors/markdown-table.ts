/** Renders rows as a GitHub-flavoured Markdown table, the form retrieval and the LLM read best. */
export function toMarkdownTable(rows: string[][]): string {
  const width = Math.max(1, ...rows.map((row) => row.length));
  const cell = (value: string | undefined) => (value ?? '').replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim();
  const line = (row: string[]) => `| ${Array.from({ length: width }, (_, i) => cell(row[i])).join(' | ')} |`;
  if (rows.length === 0) return '';
  const [header, ...body] = rows;
  return [line(header), `| ${Array.from({ length: width }, () => '---').join(' | ')} |`, ...body.map(line)].join('\n');
}
