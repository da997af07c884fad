import { describe, expect, it } from 'vitest';
import { appContentSecurityPolicy } from './security-headers.ts';

describe('the app content security policy', () => {
  it('lets pictures alone come from the map tile server (MAP_TILE_URL), nothing else from it', () => {
    const policy = appContentSecurityPolicy({ scriptHashes: [], signInOrigins: [], imageOrigins: ['https://tile.openstreetmap.org'], frameAncestors: "'none'" });
    const directives = Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d]));
    expect(directives['img-src']).toBe("img-src 'self' data: blob: https://tile.openstreetmap.org");
    expect(policy.match(/tile\.openstreetmap\.org/g)).toHaveLength(1);
    expect(appContentSecurityPolicy({ scriptHashes: [], signInOrigins: [], frameAncestors: "'none'" })).toContain("img-src 'self' data: blob:;");
  });
});
