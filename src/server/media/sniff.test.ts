import { describe, expect, it } from 'vitest';
import { contentFitsType } from './sniff.ts';

describe('declared type against the first bytes', () => {
  it('accepts a PDF that starts as one and refuses HTML declared as PDF', () => {
    expect(contentFitsType('application/pdf', Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(contentFitsType('application/pdf', Buffer.from('<html><script>'))).toBe(false);
  });

  it('knows images and office files, and takes types without a signature as declared', () => {
    expect(contentFitsType('image/png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(true);
    expect(contentFitsType('image/jpeg', Buffer.from('GIF89a'))).toBe(false);
    expect(contentFitsType('application/vnd.openxmlformats-officedocument.wordprocessingml.document', Buffer.from('PK\x03\x04rest', 'latin1'))).toBe(true);
    expect(contentFitsType('text/csv', Buffer.from('a;b\n'))).toBe(true);
  });
});
