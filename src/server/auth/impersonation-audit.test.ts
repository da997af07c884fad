import { describe, expect, it } from 'vitest';
import { MAX_AUDITED_PATH } from '../../domain/entities/impersonation-audit.ts';
import { auditEntryOf, auditedPath } from './impersonation-audit.ts';

describe('impersonation audit rows', () => {
  it('keeps the path and the list query, not the values of credentials', () => {
    expect(auditedPath('/api/customers?filter[fullText]=rossi&sort=-date')).toBe('/api/customers?filter[fullText]=rossi&sort=-date');
    expect(auditedPath('/api/events?ticket=abc.def&x=1')).toBe('/api/events?ticket=***&x=1');
    expect(auditedPath('/api/media/1/content?token=s3cr3t')).toBe('/api/media/1/content?token=***');
    expect(auditedPath('/api/x?access_token=a&X-Amz-Signature=b&X-Amz-Credential=c&api_key=d&password=e')).toBe('/api/x?access_token=***&X-Amz-Signature=***&X-Amz-Credential=***&api_key=***&password=***');
    // Only top-level names are credentials: a list filter on a field named `code` is kept.
    expect(auditedPath('/api/products?filter[code]=EST&code=xyz')).toBe('/api/products?filter[code]=EST&code=***');
    expect(auditedPath('/api/a?%74oken=1')).toBe('/api/a?%74oken=***');
    expect(auditedPath('/api/a?#frag')).toBe('/api/a');
    expect(auditedPath(`/api/a?q=${'x'.repeat(5000)}`)).toHaveLength(MAX_AUDITED_PATH);
  });

  it('makes a row only for a request answered while impersonating', () => {
    const at = new Date('2026-06-15T10:00:00.000Z');
    const request = { method: 'GET', url: '/api/customers?ticket=t', caller: { identity: { userId: 'u1', impersonatorId: 'a1', email: 'x@y.it', displayName: 'X' } } };
    expect(auditEntryOf(request, 200, at)).toMatchObject({ at: at.toISOString(), impersonatorId: 'a1', userId: 'u1', method: 'GET', path: '/api/customers?ticket=***', httpStatus: 200 });
    expect(auditEntryOf({ ...request, caller: { identity: { ...request.caller.identity, impersonatorId: null } } }, 200, at)).toBeUndefined();
    expect(auditEntryOf({ method: 'GET', url: '/api/customers' }, 401, at)).toBeUndefined();
  });
});
