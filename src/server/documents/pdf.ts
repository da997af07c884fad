/**
 * Lays the document model (domain/documents/markup.ts) out as an A4 PDF with PDFKit: the report
 * heading (logo, company data) on the first page, headings, paragraphs with bold and italic runs,
 * tables whose header row is repeated on every page they continue on and whose dates, codes and
 * amounts never wrap, right-aligned totals, and the heading's footer with the page number on every page. Standard PDF fonts (Helvetica, WinAnsi: every Italian letter and
 * €), so nothing is installed and nothing is embedded. The PDF is a stream: the caller pipes it
 * to the answer while it is written.
 *
 * PDFKit (and its font metrics, ~30 MB resident) loads with the first document, not when the API
 * process starts: the render threads load it, the API's own thread only when it renders in place.
 */
import type PDFKit from 'pdfkit';
import { plainText, spanLines, type Block, type Inline, type Span } from '../../domain/documents/markup.ts';
import type { ReportHeading } from './data.ts';

type Doc = InstanceType<typeof PDFKit>;
let pdfKit: Promise<typeof PDFKit> | undefined;
const loadPdfKit = () => (pdfKit ??= import('pdfkit').then((module) => module.default));

export interface PdfOptions {
  title: string;
  heading?: ReportHeading;
  /** PNG or JPEG bytes of the heading's logo, when the file is in the store. */
  logo?: Buffer;
  /** Deflate the page contents (default); off only to read the text in tests. */
  compress?: boolean;
  /** Called with the number of each page added after the first; it may throw to stop the layout (a page limit). */
  onPage?: (pageNumber: number) => void;
  /** A last page sealing the document: who signed it, how and when (a signed quotation's audit trail). */
  seal?: DocumentSeal;
  /** Where the document's authenticity is checked: a QR code of the address, with the address in words. */
  verification?: DocumentVerification;
}

/** The verification block printed at the end of a verifiable document (the register of checks). */
export interface DocumentVerification {
  url: string;
  /** PNG bytes of the QR code of `url`. */
  qr: Uint8Array;
  /** What the reader is told (in Italian), printed beside the code. */
  text: string;
}

/** The QR code and its text, kept together on the page (a new page when the space left is too small). */
function drawVerification(doc: Doc, verification: DocumentVerification): void {
  const size = 84;
  const left = doc.page.margins.left;
  if (doc.y + size + 10 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const top = doc.y + 8;
  try {
    doc.image(Buffer.from(verification.qr.buffer, verification.qr.byteOffset, verification.qr.byteLength), left, top, { width: size, height: size });
  } catch {
    // The address below still says where to check.
  }
  const textLeft = left + size + 12;
  const width = doc.page.width - doc.page.margins.right - textLeft;
  doc.font(FONT).fontSize(8).fillColor('#444444').text(verification.text, textLeft, top + 6, { width }).moveDown(0.3);
  doc.font(BOLD).fontSize(8).fillColor('#000000').text(verification.url, textLeft, doc.y, { width, link: verification.url });
  doc.x = left;
  doc.y = Math.max(doc.y, top + size) + 6;
}

/** The audit trail printed on a signed document's last page, with the drawn signature. */
export interface DocumentSeal {
  title: string;
  /** Label and value, in reading order. */
  rows: readonly (readonly [string, string])[];
  /** PNG bytes of the drawn signature. */
  signature?: Uint8Array;
  /** What the signature is, in law (printed under the rows). */
  note: string;
}

/** The seal's page: its title, the drawn signature, then each fact on its own line, and the note. */
function drawSeal(doc: Doc, seal: DocumentSeal): void {
  doc.addPage();
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font(BOLD).fontSize(14).text(seal.title, left, doc.y, { width }).moveDown(0.6);
  if (seal.signature) {
    try {
      const top = doc.y;
      doc.image(Buffer.from(seal.signature.buffer, seal.signature.byteOffset, seal.signature.byteLength), left, top, { fit: [260, 110] });
      doc.save().moveTo(left, top + 114).lineTo(left + 260, top + 114).lineWidth(0.5).strokeColor('#999999').stroke().restore();
      doc.y = top + 122;
    } catch {
      // A drawing PDFKit cannot read is left out; the facts below still say who signed.
    }
  }
  for (const [label, value] of seal.rows) {
    doc.font(BOLD).fontSize(BODY_SIZE).text(`${label}: `, left, doc.y, { continued: true, width }).font(FONT).text(value, { width });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.6).font(ITALIC).fontSize(8).fillColor('#444444').text(seal.note, left, doc.y, { width }).fillColor('#000000');
}

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const ITALIC = 'Helvetica-Oblique';
const BOLD_ITALIC = 'Helvetica-BoldOblique';
const BODY_SIZE = 10;
const CELL_PADDING = 4;
const MARGIN = 50;
const FOOTER_SPACE = 30;
/** Below this a free text column is not shrunk: its words may then break, never a date, code or amount. */
const MIN_FREE_WIDTH = 36;

const fontOf = (bold: boolean, italic: boolean) => (bold ? (italic ? BOLD_ITALIC : BOLD) : italic ? ITALIC : FONT);
const spansOf = (inline: Inline): Span[] => (typeof inline === 'string' ? [{ text: inline }] : inline);

/**
 * Writes `inline` line by line, each line one text of runs (`continued`) in their fonts over `bold`
 * (a bold block or a header row); `at` places the first line. The font is left at the block's own.
 */
function writeInline(doc: Doc, inline: Inline, bold: boolean, options: PDFKit.Mixins.TextOptions, at?: { x: number; y: number }): void {
  spanLines(inline).forEach((spans, line) => {
    doc.font(bold ? BOLD : FONT);
    if (spans.length === 0) {
      if (line === 0 && at) doc.text('', at.x, at.y, options);
      else doc.moveDown();
      return;
    }
    spans.forEach((span, index) => {
      const run = { ...options, continued: index < spans.length - 1 };
      doc.font(fontOf(bold || Boolean(span.bold), Boolean(span.italic)));
      if (line === 0 && index === 0 && at) doc.text(span.text, at.x, at.y, run);
      else doc.text(span.text, run);
    });
  });
  doc.font(bold ? BOLD : FONT);
}

/** Height of `inline` within `width`, measured in the boldest font it uses (never less than it takes). */
function inlineHeight(doc: Doc, inline: Inline, bold: boolean, width: number): number {
  const spans = spansOf(inline);
  const anyBold = bold || spans.some((span) => span.bold);
  return doc.font(fontOf(anyBold, spans.some((span) => span.italic))).heightOfString(plainText(inline), { width });
}

/** Width of `text` on one line in the font of `bold`/`italic`. */
const widthOf = (doc: Doc, text: string, bold = false, italic = false) => doc.font(fontOf(bold, italic)).widthOfString(text);

/** Parts of a cell that must stay on one line: the whole value in an amounts column, else each word (a date, a code). */
function unbreakableParts(cell: Inline, numeric: boolean): string[] {
  const text = plainText(cell);
  if (numeric) return text.split('\n');
  // A short label of two words (a state «Non risolta», a place «Piano terra») reads as one value.
  if (text.length <= SHORT_LABEL_LENGTH && !text.includes('\n') && text.trim().split(/[ \t]+/).length <= 2) return [text.trim()];
  return text.split(/[ \t\n]+/);
}

/** The longest two-word cell kept on one line (see unbreakableParts). */
const SHORT_LABEL_LENGTH = 20;

interface ColumnMeasure {
  /** Its widest date, code, amount or word (with the header's words), on one line. */
  minimum: number;
  /** Its longest line, header included. */
  natural: number;
  /** Its cells have text of several words, which may wrap between them. */
  free: boolean;
}

/** The text of every cell of each column measured at `size` (PDFKit's metrics scale with the size). */
function measureColumns(doc: Doc, block: Extract<Block, { kind: 'table' }>, size: number): ColumnMeasure[] {
  doc.fontSize(size);
  return block.header.map((title, column) => {
    const numeric = block.numeric[column]!;
    // Loops rather than Math.max(...list): a table may have 10,000 rows of many words.
    let longestPart = 0;
    let longestLine = widthOf(doc, title, true);
    let free = false;
    for (const word of title.split(/\s+/)) longestPart = Math.max(longestPart, widthOf(doc, word, true));
    for (const row of block.rows) {
      const cell = row[column] ?? '';
      const bold = typeof cell !== 'string' && cell.some((span) => span.bold);
      const italic = typeof cell !== 'string' && cell.some((span) => span.italic);
      const parts = unbreakableParts(cell, numeric).filter(Boolean);
      if (!numeric && parts.length > 1) free = true;
      for (const part of parts) longestPart = Math.max(longestPart, widthOf(doc, part, bold, italic));
      for (const line of plainText(cell).split('\n')) longestLine = Math.max(longestLine, widthOf(doc, line, bold, italic));
    }
    // A word of text that wraps (free text, a header of several words) is measured with the space
    // after it: PDFKit keeps that space on the word's line, and breaks a word whose space does not fit.
    const wraps = free || /\s/.test(title.trim());
    return { minimum: longestPart + (wraps ? widthOf(doc, ' ', true) : 0), natural: longestLine, free };
  });
}

const sum = (list: readonly number[]) => list.reduce((a, b) => a + b, 0);

/**
 * Widths of measured columns (cell padding included) filling `total`; undefined when not every word
 * fits, unless `squeeze`. Every column is at least as wide as its widest date, code, amount or word,
 * so none of them wraps. From there columns grow in turn from the one that needs least to print its
 * longest line whole: short texts and headers fit on one line, long texts share the rest evenly.
 * Space still left widens the free text columns. Squeezed, only free text columns go under their
 * longest word.
 */
function columnWidths(measured: readonly ColumnMeasure[], total: number, squeeze: boolean): number[] | undefined {
  // +1: PDFKit wraps a word that fills its width exactly.
  const padded = (width: number) => Math.ceil(width) + 2 * CELL_PADDING + 1;
  const columns = measured.map((column) => ({ ...column, minimum: padded(column.minimum), natural: padded(column.natural) }));
  const all = columns.map((_, index) => index);
  const free = all.filter((index) => columns[index]!.free);
  const widths = columns.map((column) => column.minimum);
  let left = total - sum(widths);
  if (left < 0) {
    if (!squeeze) return undefined;
    const space = total - sum(all.filter((index) => !columns[index]!.free).map((index) => widths[index]!));
    const freeMinimum = sum(free.map((index) => widths[index]!));
    for (const index of free) widths[index] = Math.max(MIN_FREE_WIDTH, (space * columns[index]!.minimum) / freeMinimum);
    return widths;
  }
  const need = (index: number) => columns[index]!.natural - columns[index]!.minimum;
  const growing = all.filter((index) => need(index) > 0).sort((a, b) => need(a) - need(b));
  growing.forEach((index, done) => {
    const given = Math.min(need(index), left / (growing.length - done));
    widths[index] = widths[index]! + given;
    left -= given;
  });
  const widened = free.length > 0 ? free : all;
  const naturalSum = sum(widened.map((index) => columns[index]!.natural));
  for (const index of widened) widths[index] = widths[index]! + (left * columns[index]!.natural) / naturalSum;
  return widths;
}

/** Text sizes of a table, tried in turn: a smaller one only when not every word fits at the larger. */
const TABLE_SIZES = [9, 8, 7] as const;

export interface TableLayout {
  size: number;
  widths: number[];
}

/** The table's text size and column widths within `total` (see columnWidths). */
export function tableLayout(doc: Doc, block: Extract<Block, { kind: 'table' }>, total: number): TableLayout {
  const [reference] = TABLE_SIZES;
  const measured = measureColumns(doc, block, reference);
  const at = (size: number) => measured.map((column) => ({ ...column, minimum: (column.minimum * size) / reference, natural: (column.natural * size) / reference }));
  for (const size of TABLE_SIZES) {
    const widths = columnWidths(at(size), total, false);
    if (widths) return { size, widths };
  }
  const smallest = TABLE_SIZES.at(-1)!;
  return { size: smallest, widths: columnWidths(at(smallest), total, true)! };
}

function drawRow(doc: Doc, cells: readonly Inline[], layout: TableLayout, numeric: boolean[], options: { bold: boolean; shade: boolean }): void {
  const { widths } = layout;
  const height = rowHeight(doc, cells, layout, options.bold);
  const top = doc.y;
  const left = doc.page.margins.left;
  if (options.shade) doc.save().rect(left, top, sum(widths), height).fill('#eeeeee').restore();
  let x = left;
  cells.forEach((cell, i) => {
    doc.fillColor('#000000');
    writeInline(doc, cell, options.bold, { width: widths[i]! - 2 * CELL_PADDING, align: numeric[i] ? 'right' : 'left', lineBreak: true }, { x: x + CELL_PADDING, y: top + CELL_PADDING });
    x += widths[i]!;
  });
  doc.save().moveTo(left, top + height).lineTo(x, top + height).lineWidth(0.5).strokeColor('#999999').stroke().restore();
  doc.x = left;
  doc.y = top + height;
}

/** Sets the table's font and size, and answers the height of the row. */
function rowHeight(doc: Doc, cells: readonly Inline[], layout: TableLayout, bold: boolean): number {
  doc.font(bold ? BOLD : FONT).fontSize(layout.size);
  const lineHeight = doc.currentLineHeight();
  return Math.max(...cells.map((cell, i) => inlineHeight(doc, cell, bold, layout.widths[i]! - 2 * CELL_PADDING)), lineHeight) + 2 * CELL_PADDING;
}

function drawTable(doc: Doc, block: Extract<Block, { kind: 'table' }>): void {
  const total = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const layout = tableLayout(doc, block, total);
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const header = () => drawRow(doc, block.header, layout, block.numeric, { bold: true, shade: true });
  // The header never stays alone at the foot of a page.
  if (doc.y + rowHeight(doc, block.header, layout, true) + rowHeight(doc, block.rows[0] ?? block.header, layout, false) > bottom()) doc.addPage();
  header();
  for (const row of block.rows) {
    if (doc.y + rowHeight(doc, row, layout, false) > bottom()) {
      doc.addPage();
      header();
    }
    drawRow(doc, row, layout, block.numeric, { bold: false, shade: false });
  }
  doc.fontSize(BODY_SIZE).moveDown(0.8);
}

/**
 * The letterhead's lines under the company name: its address lines, then VAT number, phone and
 * e-mail, each left out when an address line already says it (a heading typed with «Tel. …» in its
 * address would otherwise print the number twice).
 */
export function headingDetails(heading: Pick<ReportHeading, 'addressLines' | 'vatNumber' | 'phoneNumber' | 'email'>): string[] {
  const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}@.]/gu, '');
  const written = heading.addressLines.map(bare);
  const unsaid = (value: string | null | undefined): value is string => Boolean(value) && !written.some((line) => line.includes(bare(value!)));
  const contacts = [
    unsaid(heading.vatNumber) ? `P. IVA ${heading.vatNumber}` : '',
    unsaid(heading.phoneNumber) ? `Tel. ${heading.phoneNumber}` : '',
    unsaid(heading.email) ? heading.email : '',
  ].filter(Boolean).join(' – ');
  return [...heading.addressLines, contacts].filter(Boolean);
}

function drawHeading(doc: Doc, heading: ReportHeading | undefined, logo: Buffer | undefined): void {
  const top = doc.y;
  let textLeft = doc.page.margins.left;
  if (logo) {
    try {
      doc.image(logo, doc.page.margins.left, top, { fit: [140, 50] });
      textLeft += 155;
    } catch {
      // A logo PDFKit cannot read is left out rather than failing the document.
    }
  }
  if (heading) {
    const width = doc.page.width - doc.page.margins.right - textLeft;
    doc.font(BOLD).fontSize(12).text(heading.companyName, textLeft, top, { width });
    const details = headingDetails(heading);
    doc.font(FONT).fontSize(8).fillColor('#444444').text(details.join('\n'), textLeft, doc.y, { width }).fillColor('#000000');
  }
  doc.x = doc.page.margins.left;
  doc.y = Math.max(doc.y, logo ? top + 55 : doc.y) + 12;
  const left = doc.page.margins.left;
  doc.save().moveTo(left, doc.y - 6).lineTo(doc.page.width - doc.page.margins.right, doc.y - 6).lineWidth(0.5).strokeColor('#999999').stroke().restore();
}

/** Footer of the current page: the heading's footer and "Pagina N". Written in the bottom margin. */
function drawFooter(doc: Doc, pageNumber: number, footer: string | undefined): void {
  const { x, y } = doc;
  const margins = doc.page.margins;
  const bottomMargin = margins.bottom;
  margins.bottom = 0;
  const width = doc.page.width - margins.left - margins.right;
  const at = doc.page.height - bottomMargin + 10;
  doc.font(FONT).fontSize(7).fillColor('#666666');
  if (footer) doc.text(footer, margins.left, at, { width: width - 60, lineBreak: false, ellipsis: true });
  doc.text(`Pagina ${pageNumber}`, margins.left, at, { width, align: 'right', lineBreak: false });
  doc.fillColor('#000000');
  margins.bottom = bottomMargin;
  doc.x = x;
  doc.y = y;
}

/**
 * Loads PDFKit and reads the metrics of every font a document uses, by laying out one line in each and
 * throwing it away: a render thread does this while it starts, so a document's time limit measures its
 * own layout, not the one-off loading (up to a few hundred milliseconds on a busy machine).
 */
export async function preparePdf(): Promise<void> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({ size: 'A4', compress: false });
  for (const font of [FONT, BOLD, ITALIC, BOLD_ITALIC]) doc.font(font).fontSize(BODY_SIZE).text('Àè € 0,00');
  doc.end();
}

/** The PDF of `blocks`; `end()` has been called: read or pipe it. */
export async function renderPdf(blocks: readonly Block[], options: PdfOptions): Promise<Doc> {
  const PDFDocument = await loadPdfKit();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    compress: options.compress ?? true,
    info: { Title: options.title, Producer: 'Area di lavoro', Creator: 'Area di lavoro' },
    lang: 'it-IT',
    displayTitle: true,
  });
  let pages = 1;
  const footer = options.heading?.footer;
  doc.on('pageAdded', () => {
    pages += 1;
    options.onPage?.(pages);
    drawFooter(doc, pages, footer);
  });
  drawFooter(doc, 1, footer);
  drawHeading(doc, options.heading, options.logo);
  for (const block of blocks) {
    switch (block.kind) {
      case 'heading':
        doc.moveDown(0.4).font(BOLD).fontSize(block.level === 1 ? 14 : 12).text(block.text, { align: 'left' }).moveDown(0.3);
        break;
      case 'paragraph':
        doc.fontSize(BODY_SIZE);
        for (const line of block.lines) writeInline(doc, line, block.bold, { align: block.align });
        doc.moveDown(0.6);
        break;
      case 'table':
        drawTable(doc, block);
        break;
      case 'pageBreak':
        doc.addPage();
        break;
    }
  }
  if (options.verification) drawVerification(doc, options.verification);
  if (options.seal) drawSeal(doc, options.seal);
  doc.end();
  return doc;
}
