/**
 * The text of a PDF written with standard fonts (what PDFKit writes for our documents): every
 * content stream is inflated, and the strings of its text operators (`<hex> Tj`, `[<hex> n <hex>] TJ`)
 * are decoded as WinAnsi, one line per text operator.
 */
import { inflateSync } from 'node:zlib';

const winAnsi = new TextDecoder('windows-1252');

function streams(pdf: Buffer): Buffer[] {
  const found: Buffer[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream', at);
    if (start < 0) break;
    const dataStart = start + (pdf[start + 6] === 0x0d ? 8 : 7);
    const end = pdf.indexOf('endstream', dataStart);
    if (end < 0) break;
    const dictionary = pdf.subarray(Math.max(0, start - 300), start).toString('latin1');
    const data = pdf.subarray(dataStart, end);
    try {
      found.push(/FlateDecode/.test(dictionary.slice(dictionary.lastIndexOf('<<'))) ? inflateSync(data) : data);
    } catch {
      // Not a deflated content stream (an image): skipped.
    }
    at = end + 9;
  }
  return found;
}

const hexText = (hex: string) => winAnsi.decode(Buffer.from(hex.replace(/\s/g, ''), 'hex'));

export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const stream of streams(pdf)) {
    const content = stream.toString('latin1');
    for (const match of content.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F\s]*)>\s*Tj/g)) {
      if (match[1] !== undefined) lines.push([...match[1].matchAll(/<([0-9a-fA-F\s]*)>/g)].map((part) => hexText(part[1]!)).join(''));
      else lines.push(hexText(match[2]!));
    }
  }
  return lines.join('\n');
}

/** Number of pages (page objects) of the PDF. */
export const pdfPageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
