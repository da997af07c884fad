/**
 * The line markup a rendered template is written in, read into a document model the PDF
 * renderer lays out. One block per group of lines:
 *
 * - `# Titolo`, `## Sottotitolo`: headings;
 * - `| a | b | c |` on consecutive lines: a table, the first row is its header (repeated on every
 *   page the table continues on); a `|---|---|` row is ignored; cells that are amounts or numbers
 *   are aligned right;
 * - `> testo`: a line aligned right (totals);
 * - `---`: a new page;
 * - other lines: paragraphs (consecutive lines stay one under the other), a blank line separates them.
 *
 * Within a line or a cell, `**testo**` is bold and `*testo*` or `_testo_` italic (a `_` between two
 * letters or digits is text, as in Markdown, and so is a run of them: a line to sign on). A line
 * bold as a whole is a bold paragraph of its own. A marker without its closing one prints as it is.
 *
 * `\` before a character makes it plain text: values put in by placeholders are escaped so, so a
 * value can never start a heading or add a table column; `\` before a line break keeps a value's
 * line break inside its block.
 */

/** A run of text with its emphasis. */
export interface Span {
  text: string;
  bold?: true;
  italic?: true;
}

/** Text of a line or a cell: a string when it has no emphasis, its spans otherwise. */
export type Inline = string | Span[];

export type Block =
  | { kind: 'heading'; level: 1 | 2; text: string }
  | { kind: 'paragraph'; lines: Inline[]; align: 'left' | 'right'; bold: boolean }
  | { kind: 'table'; header: string[]; rows: Inline[][]; numeric: boolean[] }
  | { kind: 'pageBreak' };

/** The text of an inline without its emphasis. */
export const plainText = (inline: Inline): string => (typeof inline === 'string' ? inline : inline.map((span) => span.text).join(''));

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

/** Splits a table row on the `|` that are not escaped; each cell still markup. */
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
  return parts.map((part) => part.trim());
}

type Marker = { marker: '**' | '*' | '_'; before: string | undefined; after: string | undefined };
const isWordCharacter = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
const isBlank = (c: string | undefined) => c === undefined || /\s/.test(c);

/**
 * The spans of a markup fragment: escapes resolved, emphasis markers paired as Markdown does (an
 * opening marker is followed by text, a closing one follows text; any other marker is text),
 * adjacent spans of one style merged, none empty.
 */
export function parseInline(fragment: string): Span[] {
  const pieces: (string | Marker)[] = [];
  const marker = (kind: Marker['marker'], at: number) => pieces.push({ marker: kind, before: fragment[at - 1], after: fragment[at + kind.length] });
  for (let i = 0; i < fragment.length; i++) {
    const c = fragment[i]!;
    if (c === '\\' && i + 1 < fragment.length) pieces.push(fragment[++i]!);
    else if (c === '*' && fragment[i + 1] === '*') marker('**', i++);
    else if (c === '*') marker('*', i);
    else if (c === '_' && fragment[i - 1] !== '_' && fragment[i + 1] !== '_' && !(isWordCharacter(fragment[i - 1]) && isWordCharacter(fragment[i + 1]))) marker('_', i);
    else pieces.push(c);
  }
  const opened = new Map<string, number>();
  const paired = new Set<number>();
  pieces.forEach((piece, index) => {
    if (typeof piece === 'string') return;
    const opener = opened.get(piece.marker);
    if (opener !== undefined && !isBlank(piece.before)) {
      paired.add(opener).add(index);
      opened.delete(piece.marker);
    } else if (!isBlank(piece.after)) opened.set(piece.marker, index);
  });
  const open = { '**': false, '*': false, _: false };
  const spans: Span[] = [];
  pieces.forEach((piece, index) => {
    if (typeof piece !== 'string' && paired.has(index)) {
      open[piece.marker] = !open[piece.marker];
      return;
    }
    const text = typeof piece === 'string' ? piece : piece.marker;
    const bold = open['**'];
    const italic = open['*'] || open._;
    const last = spans.at(-1);
    if (last && Boolean(last.bold) === bold && Boolean(last.italic) === italic) last.text += text;
    else spans.push({ text, ...(bold ? { bold: true as const } : {}), ...(italic ? { italic: true as const } : {}) });
  });
  return spans;
}

/** Spans as an inline: a string when none is emphasised. */
function inlineOf(spans: Span[]): Inline {
  return spans.some((span) => span.bold || span.italic) ? spans : spans.map((span) => span.text).join('');
}

/** The spans split at their line breaks (an escaped line break of a value): one list per printed line. */
export function spanLines(inline: Inline): Span[][] {
  const lines: Span[][] = [[]];
  for (const span of typeof inline === 'string' ? [{ text: inline }] : inline) {
    span.text.split('\n').forEach((text, index) => {
      if (index > 0) lines.push([]);
      if (text !== '') lines.at(-1)!.push({ ...span, text });
    });
  }
  return lines;
}

/** Bold from end to end: printed as a bold paragraph of its own. */
const isAllBold = (spans: Span[]) => spans.length > 0 && spans.every((span) => span.bold && !span.italic);

const isSeparatorRow = (line: string) => /^\|?(\s*:?-{3,}:?\s*\|)+\s*:?-{0,}:?\s*$/.test(line.trim());
const AMOUNT = /^-?[\d.]+(,\d+)?(\s?(€|%))?$|^€\s?-?[\d.]+(,\d+)?$/u;

/** Reads rendered markup into blocks. */
export function parseMarkup(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: Inline[] | null = null;
  let table: { rows: Inline[][] } | null = null;
  const flush = () => {
    if (paragraph) blocks.push({ kind: 'paragraph', lines: paragraph, align: 'left', bold: false });
    paragraph = null;
    if (table && table.rows.length > 0) {
      const [header, ...rows] = table.rows;
      const width = Math.max(header!.length, ...rows.map((row) => row.length));
      const pad = (row: Inline[]) => [...row, ...Array<Inline>(width - row.length).fill('')];
      const padded = rows.map(pad);
      // An empty column is not numeric: its header stays on the left.
      const numeric = Array.from({ length: width }, (_, column) => padded.some((row) => row[column] !== '') && padded.every((row) => row[column] === '' || AMOUNT.test(plainText(row[column]!).replace(/\s/g, ' '))));
      blocks.push({ kind: 'table', header: pad(header!).map(plainText), rows: padded, numeric });
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
      if (!isSeparatorRow(line)) table.rows.push(cells(line).map((cell) => inlineOf(parseInline(cell))));
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
      blocks.push({ kind: 'heading', level: heading[1]!.length as 1 | 2, text: plainText(parseInline(heading[2]!)) });
    } else if (line.startsWith('>')) {
      flush();
      const spans = parseInline(line.replace(/^>\s?/, ''));
      const bold = isAllBold(spans);
      blocks.push({ kind: 'paragraph', lines: spanLines(spans).map((spans) => (bold ? plainText(spans) : inlineOf(spans))), align: 'right', bold });
    } else {
      const spans = parseInline(line);
      if (isAllBold(spans)) {
        flush();
        blocks.push({ kind: 'paragraph', lines: spanLines(spans).map(plainText), align: 'left', bold: true });
      } else {
        paragraph ??= [];
        paragraph.push(...spanLines(spans).map(inlineOf));
      }
    }
  }
  flush();
  return blocks;
}
