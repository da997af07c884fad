import { describe, expect, it } from 'vitest';
import { linkSigner } from './links.ts';

const id = '6f1e2d3c-4b5a-4697-8877-665544332211';
const signer = linkSigner('k'.repeat(32));
const now = Date.UTC(2026, 5, 15, 10);
const claims = { p: 'upload' as const, m: id, exp: now / 1000 + 60, n: 'abc', s: 10, t: 'application/pdf', u: 'user' };

describe('signed media links', () => {
  it('gives back the claims of a token it signed', () => {
    expect(signer.verify(signer.sign(claims), 'upload', id, now)).toEqual(claims);
  });

  it('refuses a changed token, another purpose, another media row, another key', () => {
    const token = signer.sign(claims);
    const [payload, mac] = token.split('.');
    const bigger = Buffer.from(JSON.stringify({ ...claims, s: 10_000 })).toString('base64url');
    expect(() => signer.verify(`${bigger}.${mac}`, 'upload', id, now)).toThrow(expect.objectContaining({ code: 'MEDIA_LINK_INVALID', status: 403 }));
    expect(() => signer.verify(`${payload}.${mac}x`, 'upload', id, now)).toThrow(expect.objectContaining({ code: 'MEDIA_LINK_INVALID' }));
    expect(() => signer.verify(token, 'download', id, now)).toThrow(expect.objectContaining({ code: 'MEDIA_LINK_INVALID' }));
    expect(() => signer.verify(token, 'upload', id.replace('6f', '7f'), now)).toThrow(expect.objectContaining({ code: 'MEDIA_LINK_INVALID' }));
    expect(() => linkSigner('z'.repeat(32)).verify(token, 'upload', id, now)).toThrow(expect.objectContaining({ code: 'MEDIA_LINK_INVALID' }));
    expect(() => signer.verify(undefined, 'upload', id, now)).toThrow(expect.objectContaining({ code: 'MEDIA_LINK_INVALID' }));
  });

  it('refuses an expired token', () => {
    expect(() => signer.verify(signer.sign(claims), 'upload', id, now + 61_000)).toThrow(expect.objectContaining({ code: 'MEDIA_LINK_EXPIRED', status: 403 }));
  });
});
