// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { Identity } from '../../domain/ability.ts';
import { forgetIdentity, rememberIdentity, savedIdentity } from './offline-start.ts';

const identity = { id: 'u-1', permissions: [{ action: 'read', subject: 'customers' }], userType: 'staff' } as unknown as Identity;

describe('offline start: the last identity', () => {
  afterEach(() => localStorage.clear());

  it('is given back only to the subject it was read for', () => {
    rememberIdentity('sub-a', identity);
    expect(savedIdentity('sub-a')).toEqual(identity);
    expect(savedIdentity('sub-b')).toBeNull();
    expect(savedIdentity(undefined)).toBeNull();
  });

  it('is gone after sign-out and ignored when unreadable', () => {
    rememberIdentity('sub-a', identity);
    forgetIdentity();
    expect(savedIdentity('sub-a')).toBeNull();
    localStorage.setItem('backoffice.offlineIdentity', '{broken');
    expect(savedIdentity('sub-a')).toBeNull();
    localStorage.setItem('backoffice.offlineIdentity', JSON.stringify({ subject: 'sub-a', identity: { id: 'u-1' } }));
    expect(savedIdentity('sub-a')).toBeNull();
  });
});
