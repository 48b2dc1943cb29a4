/** Renders rows as a GitHub-flavoured Markdown table, the form retrieval and the LLM read best. */
export function toMarkdownTable(rows: string[][]): string {
  const width = Math.max(1, ...rows.map((row) => row.length));
  const cell = (value: string | undefined) => (value ?? '').replace(/\r?\n/g, ' ').replace(/\|/g, '\\|').trim();
  const line = (row: string[]) => `| ${Array.from({ length: width }, (_, i) => cell(row[i])).join(' | ')} |`;
  if (rows.length === 0) return '';
  const [header, ...body] = rows;
  return [line(header), `| ${Array.from({ length: width }, () => '---').join(' | ')} |`, ...body.map(line)].join('\n');
}

export interface WorkbookSheet {
  name: string;
  /** Rows with at least one cell, in order; read lazily, so a sheet past the budget is never read. */
  rows: Iterable<string[]>;
}

export interface WorkbookText {
  text: string;
  sheets: string[];
  warnings: string[];
}

/** One `## Sheet: name` section with a Markdown table per sheet, at most `maxCells` cells over the workbook. */
export function toWorkbookMarkdown(sheets: Iterable<WorkbookSheet>, maxCells: number): WorkbookText {
  let cellsLeft = maxCells;
  const names: string[] = [];
  const warnings: string[] = [];
  const sections: string[] = [];
  for (const sheet of sheets) {
    names.push(sheet.name);
    if (cellsLeft <= 0) continue;
    const rows: string[][] = [];
    for (const row of sheet.rows) {
      const kept = row.slice(0, cellsLeft);
      cellsLeft -= kept.length;
      rows.push(kept);
      if (cellsLeft <= 0) break;
    }
    if (cellsLeft <= 0) warnings.push(`Only the first ${maxCells} cells were read (stopped in sheet "${sheet.name}").`);
    sections.push(`## Sheet: ${sheet.name}\n\n${rows.length ? toMarkdownTable(rows) : '(empty)'}`);
  }
  return { text: sections.join('\n\n'), sheets: names, warnings };
}
