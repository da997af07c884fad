import { describe, expect, it, vi } from 'vitest';
import { fetchSprites, groupIcons, ICON_QUERY_MAX_CHARS, ICON_ROTATE_MS, ICON_TIMEOUT_MS, iconQueries } from './icons.ts';

describe('icon queries (SPEC §9)', () => {
  it('fits the sidebar icons in one query', () => {
    expect(iconQueries('/api/icons', Object.values(groupIcons))).toHaveLength(1);
  });
  it('splits long lists so each URL is at most 500 characters and keeps every name', () => {
    const names = Array.from({ length: 120 }, (_, i) => `icona-numero-${i}`);
    const urls = iconQueries('/api/icons', names);
    expect(urls.length).toBeGreaterThan(1);
    for (const url of urls) expect(url.length).toBeLessThanOrEqual(ICON_QUERY_MAX_CHARS);
    expect(urls.flatMap((url) => url.split('=')[1]!.split(','))).toEqual(names);
  });
});

describe('sprite fetch timeout', () => {
  it('gives up after the timeout (the initials stay)', async () => {
    vi.useFakeTimers();
    const pending = fetchSprites(['/api/icons?names=house'], () => new Promise<string>(() => {}), 5000);
    await vi.advanceTimersByTimeAsync(5000);
    await expect(pending).resolves.toBeUndefined();
    vi.useRealTimers();
  });
  it('by default waits the SPEC §9 5000 ms, no less; the figures are the named constants (500, 5000, 750)', async () => {
    expect([ICON_QUERY_MAX_CHARS, ICON_TIMEOUT_MS, ICON_ROTATE_MS]).toEqual([500, 5000, 750]);
    vi.useFakeTimers();
    let settled = false;
    const pending = fetchSprites(['/api/icons?names=house'], () => new Promise<string>(() => {})).then((texts) => {
      settled = true;
      return texts;
    });
    await vi.advanceTimersByTimeAsync(4999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toBeUndefined();
    vi.useRealTimers();
  });
  it('answers the texts when in time, undefined on failure', async () => {
    await expect(fetchSprites(['a'], async () => '<svg/>')).resolves.toEqual(['<svg/>']);
    await expect(fetchSprites(['a'], async () => Promise.reject(new Error('no')))).resolves.toBeUndefined();
  });
});
