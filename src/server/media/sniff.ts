/**
 * The first bytes of an upload must fit the type it was declared with, where that type has a
 * signature: a PDF starts with `%PDF-`, a PNG with its eight bytes, and so on. A file whose
 * type has none (plain text, CSV, video containers we do not inspect) is taken as declared.
 */
import { bareMimeType } from '../../domain/entities/media.ts';

const ascii = (text: string) => Buffer.from(text, 'latin1');
const startsWith = (head: Buffer, prefix: Buffer, at = 0) => head.length >= at + prefix.length && head.subarray(at, at + prefix.length).equals(prefix);

const zip = (head: Buffer) => startsWith(head, Buffer.from([0x50, 0x4b, 0x03, 0x04]));
const ole = (head: Buffer) => startsWith(head, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));

const signatures: Record<string, (head: Buffer) => boolean> = {
  'application/pdf': (head) => startsWith(head, ascii('%PDF-')),
  'image/png': (head) => startsWith(head, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (head) => startsWith(head, Buffer.from([0xff, 0xd8, 0xff])),
  'image/gif': (head) => startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a')),
  'image/webp': (head) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8),
  'application/zip': zip,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': zip,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': zip,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': zip,
  'application/vnd.oasis.opendocument.text': zip,
  'application/vnd.oasis.opendocument.spreadsheet': zip,
  'application/vnd.oasis.opendocument.presentation': zip,
  'application/msword': ole,
  'application/vnd.ms-excel': ole,
  'application/vnd.ms-powerpoint': ole,
  'application/vnd.ms-outlook': ole,
};

/** Bytes needed to decide. */
export const SNIFF_BYTES = 16;

/** Whether `head` (the first SNIFF_BYTES bytes, or all of a shorter file) fits `mimeType`. */
export function contentFitsType(mimeType: string, head: Buffer): boolean {
  const check = signatures[bareMimeType(mimeType)];
  return check ? check(head) : true;
}
