import { describe, expect, it } from 'vitest';
import type { ChangeNotice } from '../../domain/records.ts';
import { changeChannel, inProcessChangeBus, noticePayloads, parseNotices } from './bus.ts';

const notice = (i: number): ChangeNotice => ({ type: 'customers', id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, version: '2026-06-15T10:00:00.000Z', action: 'update', by: null });

describe('change bus', () => {
  it('names one channel per working schema, within PostgreSQL’s 63-byte identifiers', () => {
    expect(changeChannel(undefined)).toBe('record_changes_public');
    expect(changeChannel('t_0123456789abcdef')).toBe('record_changes_t_0123456789abcdef');
    expect(changeChannel('Other-Schema')).toBe('record_changes_other_schema');
    const long = changeChannel('s'.repeat(80));
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long).not.toBe(changeChannel('s'.repeat(81)));
  });

  it('splits many notices into NOTIFY payloads under 8000 bytes that read back whole and in order', () => {
    const notices = Array.from({ length: 500 }, (_, i) => notice(i));
    const payloads = noticePayloads(notices);
    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(payloads.flatMap(parseNotices)).toEqual(notices);
    expect(noticePayloads([])).toEqual([]);
  });

  it('ignores payloads that are not notices', () => {
    expect(parseNotices('not json')).toEqual([]);
    expect(parseNotices('{"type":"x"}')).toEqual([]);
    expect(parseNotices('[{"type":"x","id":"1"},' + JSON.stringify(notice(1)) + ']')).toEqual([notice(1)]);
  });

  it('in-process: subscribers hear committed notices; a failing subscriber does not stop the others', () => {
    const errors: unknown[] = [];
    const bus = inProcessChangeBus((e) => errors.push(e));
    const heard: ChangeNotice[][] = [];
    bus.subscribe(() => {
      throw new Error('boom');
    });
    const stop = bus.subscribe((n) => heard.push(n));
    bus.afterCommit([notice(1)]);
    bus.afterCommit([]);
    stop();
    bus.afterCommit([notice(2)]);
    expect(heard).toEqual([[notice(1)]]);
    expect(errors).toHaveLength(2);
  });
});
