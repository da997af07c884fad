import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  it('verifies the right password only, with a salt of its own per hash', async () => {
    const hash = await hashPassword('Demo-2026!');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await verifyPassword('Demo-2026!', hash)).toBe(true);
    expect(await verifyPassword('demo-2026!', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
    expect(await hashPassword('Demo-2026!')).not.toBe(hash);
  });

  it('treats the same text in composed or decomposed form as one password', async () => {
    const hash = await hashPassword('perch\u00e9');
    expect(await verifyPassword('perche\u0301', hash)).toBe(true);
  });

  it('never accepts a missing or malformed hash', async () => {
    expect(await verifyPassword('x', null)).toBe(false);
    expect(await verifyPassword('x', undefined)).toBe(false);
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$0$8$1$AAAA$AAAA')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$AAAA$')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$3$8$1$AAAA$AAAA')).toBe(false);
  });
});
