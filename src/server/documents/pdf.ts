/**
 * Lays the document model (domain/documents/markup.ts) out as an A4 PDF with PDFKit: the report
 * heading (logo, company data) on the first page, headings, paragraphs, tables whose header row
 * is repeated on every page they continue on, right-aligned totals, and the heading's footer with
 * the page number on every page. Standard PDF fonts (Helvetica, WinAnsi: every Italian letter and
 * €), so nothing is installed and nothing is embedded. The PDF is a stream: the caller pipes it
 * to the answer while it is written.
 */
import PDFDocument from 'pdfkit';
import type { Block } from '../../domain/documents/markup.ts';
import type { ReportHeading } from './data.ts';

type Doc = InstanceType<typeof PDFDocument>;

export interface PdfOptions {
  title: string;
  heading?: ReportHeading;
  /** PNG or JPEG bytes of the heading's logo, when the file is in the store. */
  logo?: Buffer;
  /** Deflate the page contents (default); off only to read the text in tests. */
  compress?: boolean;
  /** Called with the number of each page added after the first; it may throw to stop the layout (a page limit). */
  onPage?: (pageNumber: number) => void;
}

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const BODY_SIZE = 10;
const TABLE_SIZE = 9;
const CELL_PADDING = 4;
const MARGIN = 50;
const FOOTER_SPACE = 30;

/** Column widths from the content: proportional to the longest text of each column, within the page. */
function columnWidths(doc: Doc, header: string[], rows: string[][], total: number): number[] {
  doc.font(FONT).fontSize(TABLE_SIZE);
  const sample = rows.slice(0, 200);
  const wanted = header.map((title, column) => {
    const longest = Math.max(doc.font(BOLD).widthOfString(title), ...sample.map((row) => doc.font(FONT).widthOfString(row[column] ?? '')));
    return Math.min(Math.max(longest + 2 * CELL_PADDING, 36), total * 0.6);
  });
  const sum = wanted.reduce((a, b) => a + b, 0);
  return wanted.map((w) => (w / sum) * total);
}

function drawRow(doc: Doc, cells: string[], widths: number[], numeric: boolean[], options: { bold: boolean; shade: boolean }): void {
  doc.font(options.bold ? BOLD : FONT).fontSize(TABLE_SIZE);
  const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * CELL_PADDING }));
  const height = Math.max(...heights, doc.currentLineHeight()) + 2 * CELL_PADDING;
  const top = doc.y;
  const left = doc.page.margins.left;
  if (options.shade) doc.save().rect(left, top, widths.reduce((a, b) => a + b, 0), height).fill('#eeeeee').restore();
  let x = left;
  cells.forEach((cell, i) => {
    doc.fillColor('#000000').text(cell, x + CELL_PADDING, top + CELL_PADDING, { width: widths[i]! - 2 * CELL_PADDING, align: numeric[i] ? 'right' : 'left', lineBreak: true });
    x += widths[i]!;
  });
  doc.save().moveTo(left, top + height).lineTo(x, top + height).lineWidth(0.5).strokeColor('#999999').stroke().restore();
  doc.x = left;
  doc.y = top + height;
}

function rowHeight(doc: Doc, cells: string[], widths: number[], bold: boolean): number {
  doc.font(bold ? BOLD : FONT).fontSize(TABLE_SIZE);
  return Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: widths[i]! - 2 * CELL_PADDING })), doc.currentLineHeight()) + 2 * CELL_PADDING;
}

function drawTable(doc: Doc, block: Extract<Block, { kind: 'table' }>): void {
  const total = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const widths = columnWidths(doc, block.header, block.rows, total);
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const header = () => drawRow(doc, block.header, widths, block.numeric, { bold: true, shade: true });
  // The header never stays alone at the foot of a page.
  if (doc.y + rowHeight(doc, block.header, widths, true) + rowHeight(doc, block.rows[0] ?? block.header, widths, false) > bottom()) doc.addPage();
  header();
  for (const row of block.rows) {
    if (doc.y + rowHeight(doc, row, widths, false) > bottom()) {
      doc.addPage();
      header();
    }
    drawRow(doc, row, widths, block.numeric, { bold: false, shade: false });
  }
  doc.moveDown(0.8);
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
    const details = [
      ...heading.addressLines,
      [heading.vatNumber ? `P. IVA ${heading.vatNumber}` : '', heading.phoneNumber ? `Tel. ${heading.phoneNumber}` : '', heading.email ?? ''].filter(Boolean).join(' – '),
    ].filter(Boolean);
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

/** The PDF of `blocks`; `end()` has been called: read or pipe it. */
export function renderPdf(blocks: readonly Block[], options: PdfOptions): Doc {
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
        doc.font(block.bold ? BOLD : FONT).fontSize(BODY_SIZE).text(block.lines.join('\n'), { align: block.align }).moveDown(0.6);
        break;
      case 'table':
        drawTable(doc, block);
        break;
      case 'pageBreak':
        doc.addPage();
        break;
    }
  }
  doc.end();
  return doc;
}
