/**
 * The line markup a rendered template is written in, read into a document model the PDF
 * renderer lays out. One block per group of lines:
 *
 * - `# Titolo`, `## Sottotitolo`: headings;
 * - `| a | b | c |` on consecutive lines: a table, the first row is its header (repeated on every
 *   page the table continues on); a `|---|---|` row is ignored; cells that are amounts or numbers
 *   are aligned right;
 * - `> testo`: a line aligned right (totals), `**testo**` as a whole line: bold;
 * - `---`: a new page;
 * - other lines: paragraphs (consecutive lines stay one under the other), a blank line separates them.
 *
 * `\` before a character makes it plain text: values put in by placeholders are escaped so, so a
 * value can never start a heading or add a table column; `\` before a line break keeps a value's
 * line break inside its block.
 */

export type Block =
  | { kind: 'heading'; level: 1 | 2; text: string }
  | { kind: 'paragraph'; lines: string[]; align: 'left' | 'right'; bold: boolean }
  | { kind: 'table'; header: string[]; rows: string[][]; numeric: boolean[] }
  | { kind: 'pageBreak' };

const SPECIAL = /[\\|#>*\-=_`]/g;

/** A value as markup text: every markup character and line break escaped. */
export function escapeMarkup(value: unknown): string {
  return String(value ?? '').replace(/\r\n?/g, '\n').replace(SPECIAL, (c) => `\\${c}`).replace(/\n/g, '\\\n');
}

/** Splits on line breaks that are not escaped. */
function splitLines(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && i + 1 < text.length) {
      current += c + text[i + 1];
      i++;
    } else if (c === '\n') {
      lines.push(current);
      current = '';
    } else current += c;
  }
  lines.push(current);
  return lines;
}

/** Plain text of a markup fragment: escapes resolved, an escaped line break kept as a line break. */
export function unescapeMarkup(text: string): string {
  return text.replace(/\\([\s\S])/g, '$1');
}

/** Splits a table row on the `|` that are not escaped. */
function cells(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i]!;
    if (c === '\\' && i + 1 < inner.length) {
      current += c + inner[i + 1];
      i++;
    } else if (c === '|') {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts.map((part) => unescapeMarkup(part.trim()));
}

const isSeparatorRow = (line: string) => /^\|?(\s*:?-{3,}:?\s*\|)+\s*:?-{0,}:?\s*$/.test(line.trim());
const AMOUNT = /^-?[\d.]+(,\d+)?(\s?(€|%))?$|^€\s?-?[\d.]+(,\d+)?$/u;

/** Reads rendered markup into blocks. */
export function parseMarkup(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] | null = null;
  let table: { rows: string[][] } | null = null;
  const flush = () => {
    if (paragraph) blocks.push({ kind: 'paragraph', lines: paragraph, align: 'left', bold: false });
    paragraph = null;
    if (table && table.rows.length > 0) {
      const [header, ...rows] = table.rows;
      const width = Math.max(header!.length, ...rows.map((row) => row.length));
      const pad = (row: string[]) => [...row, ...Array<string>(width - row.length).fill('')];
      const padded = rows.map(pad);
      const numeric = Array.from({ length: width }, (_, column) => padded.length > 0 && padded.every((row) => row[column] === '' || AMOUNT.test(row[column]!.replace(/\s/g, ' '))));
      blocks.push({ kind: 'table', header: pad(header!), rows: padded, numeric });
    }
    table = null;
  };
  for (const raw of splitLines(text.replace(/\r\n?/g, '\n'))) {
    const line = raw.trimEnd();
    if (line.trimStart().startsWith('|')) {
      if (paragraph) {
        blocks.push({ kind: 'paragraph', lines: paragraph, align: 'left', bold: false });
        paragraph = null;
      }
      table ??= { rows: [] };
      if (!isSeparatorRow(line)) table.rows.push(cells(line));
      continue;
    }
    if (table) flush();
    const heading = /^(#{1,2})\s+(.*)$/.exec(line);
    if (line.trim() === '') flush();
    else if (line.trim() === '---') {
      flush();
      blocks.push({ kind: 'pageBreak' });
    } else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2, text: unescapeMarkup(heading[2]!) });
    } else if (line.startsWith('>')) {
      flush();
      const content = line.replace(/^>\s?/, '');
      const bold = /^\*\*.*(?<!\\)\*\*$/.test(content);
      blocks.push({ kind: 'paragraph', lines: [unescapeMarkup(bold ? content.slice(2, -2) : content)], align: 'right', bold });
    } else if (/^\*\*.*(?<!\\)\*\*$/.test(line) && line.length > 4) {
      flush();
      blocks.push({ kind: 'paragraph', lines: unescapeMarkup(line.slice(2, -2)).split('\n'), align: 'left', bold: true });
    } else {
      paragraph ??= [];
      paragraph.push(...unescapeMarkup(line).split('\n'));
    }
  }
  flush();
  return blocks;
}
