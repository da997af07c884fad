import { describe, expect, it } from 'vitest';
import { DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL, loadConfig } from './config.ts';

describe('sign-in configuration', () => {
  it('runs the embedded provider by default, with the API audience as resource indicator', () => {
    const config = loadConfig({ PORT: '9000' });
    expect(config.oidc).toMatchObject({ embedded: true, issuer: 'http://localhost:9000/oidc', audience: 'http://localhost:9000/api', resource: 'http://localhost:9000/api', apiScope: 'api.sync' });
  });

  it('sends no resource indicator to an external issuer unless OIDC_RESOURCE asks (Entra ID v2 refuses it)', () => {
    const entra = loadConfig({ OIDC_ISSUER: 'https://login.microsoftonline.com/t/v2.0', OIDC_AUDIENCE: 'api://backoffice', OIDC_SCOPE: 'openid offline_access api://backoffice/api.sync' });
    expect(entra.oidc).toMatchObject({ embedded: false, audience: 'api://backoffice', resource: undefined, apiScope: 'api.sync' });
    const keycloak = loadConfig({ OIDC_ISSUER: 'https://sso.example/realms/x', OIDC_RESOURCE: 'https://app.example/api' });
    expect(keycloak.oidc.resource).toBe('https://app.example/api');
  });
});

describe('operator settings', () => {
  it('has defaults for a console: pretty logs at info, 10 s shutdown bound, one process, redirect to PUBLIC_URL, backups beside the data', () => {
    const config = loadConfig({ DATA_DIR: '/srv/app/data' });
    expect(config).toMatchObject({ logFormat: 'pretty', logLevel: 'info', shutdownTimeoutMs: 10_000, workers: 1, redirectToPublicUrl: true, backupDir: '/srv/app/backups', databaseSchema: undefined });
  });

  it('reads LOG_FORMAT, LOG_LEVEL, SHUTDOWN_TIMEOUT_SECONDS, WORKERS, PUBLIC_URL_REDIRECT, BACKUP_DIR and DATABASE_SCHEMA', () => {
    const config = loadConfig({ LOG_FORMAT: 'JSON', LOG_LEVEL: 'debug', SHUTDOWN_TIMEOUT_SECONDS: '3', WORKERS: '4', PUBLIC_URL_REDIRECT: '0', BACKUP_DIR: '/var/backups/app', DATABASE_SCHEMA: 'tenant_a' });
    expect(config).toMatchObject({ logFormat: 'json', logLevel: 'debug', shutdownTimeoutMs: 3000, workers: 4, redirectToPublicUrl: false, backupDir: '/var/backups/app', databaseSchema: 'tenant_a' });
  });

  it('refuses values it cannot use, saying which variable in Italian', () => {
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT deve essere uno fra pretty, json: trovato "xml"');
    expect(() => loadConfig({ LOG_LEVEL: 'warning' })).toThrow(/^LOG_LEVEL deve essere uno fra/);
    expect(() => loadConfig({ WORKERS: '0' })).toThrow('WORKERS deve essere un numero intero ≥ 1: trovato "0"');
    expect(() => loadConfig({ WORKERS: 'due' })).toThrow(/^WORKERS deve essere un numero intero/);
    expect(() => loadConfig({ PUBLIC_URL_REDIRECT: 'forse' })).toThrow('PUBLIC_URL_REDIRECT deve essere 1 o 0: trovato "forse"');
    expect(() => loadConfig({ DATABASE_SCHEMA: 'a; DROP' })).toThrow(/^DATABASE_SCHEMA deve essere un nome semplice/);
  });
});

describe('SPEC §9 limits', () => {
  it('are parameters with defaults: activities per intervention, report headings per module', () => {
    expect(loadConfig({}).limits).toEqual({ activitiesPerIntervention: 200, reportHeadingsPerModule: 5 });
    expect(loadConfig({ MAX_ACTIVITIES_PER_INTERVENTION: '50', REPORT_HEADINGS_WARNING_PER_MODULE: '3' }).limits).toEqual({ activitiesPerIntervention: 50, reportHeadingsPerModule: 3 });
  });

  it('refuses a limit that is not a positive whole number', () => {
    expect(() => loadConfig({ MAX_ACTIVITIES_PER_INTERVENTION: '0' })).toThrow('MAX_ACTIVITIES_PER_INTERVENTION deve essere un numero intero ≥ 1: trovato "0"');
    expect(() => loadConfig({ REPORT_HEADINGS_WARNING_PER_MODULE: 'tre' })).toThrow('REPORT_HEADINGS_WARNING_PER_MODULE deve essere un numero intero ≥ 1');
  });
});

describe('map tiles (MAP_TILE_URL, MAP_TILE_ATTRIBUTION)', () => {
  it("are OpenStreetMap's standard tiles with their credit by default, allowed as pictures from that host", () => {
    expect(loadConfig({}).map).toEqual({ tileUrl: DEFAULT_MAP_TILE_URL, attribution: DEFAULT_MAP_ATTRIBUTION, tileSource: 'https://tile.openstreetmap.org' });
    expect(DEFAULT_MAP_ATTRIBUTION).toBe('© OpenStreetMap contributors');
  });

  it('are none when MAP_TILE_URL is empty (markers on a plain background, nothing fetched elsewhere)', () => {
    expect(loadConfig({ MAP_TILE_URL: '' }).map).toEqual({ tileUrl: '', attribution: '', tileSource: undefined });
  });

  it('read another provider, its {s} subdomains as any subdomain of its host, or our own origin', () => {
    expect(loadConfig({ MAP_TILE_URL: 'https://{s}.tiles.example.it/{z}/{x}/{y}@2x.png', MAP_TILE_ATTRIBUTION: ' © Esempio ' }).map)
      .toEqual({ tileUrl: 'https://{s}.tiles.example.it/{z}/{x}/{y}@2x.png', attribution: '© Esempio', tileSource: 'https://*.tiles.example.it' });
    expect(loadConfig({ MAP_TILE_URL: 'http://tiles.local:8081/{z}/{x}/{y}.png' }).map).toMatchObject({ attribution: '', tileSource: 'http://tiles.local:8081' });
    expect(loadConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' }).map.tileSource).toBeUndefined();
  });

  it('refuses an address without {z}, {x}, {y} or not http(s), saying so in Italian', () => {
    for (const url of ['https://tile.example/{z}/{x}.png', 'ftp://tile.example/{z}/{x}/{y}.png', 'tile.example/{z}/{x}/{y}.png', 'https://{a}b.example/{z}/{x}/{y}', '//cdn.example/{z}/{x}/{y}.png']) {
      expect(() => loadConfig({ MAP_TILE_URL: url }), url).toThrow(/^MAP_TILE_URL deve essere un indirizzo http\(s\):\/\/… o \/… con \{z\}, \{x\} e \{y\}/);
    }
  });
});

describe('mail (SMTP_URL, MAIL_FROM)', () => {
  it('writes .eml files to DATA_DIR/outbox without SMTP_URL, from noreply at PUBLIC_URL’s host', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/dati', PUBLIC_URL: 'https://gestionale.example.it' });
    expect(config.mail).toEqual({ smtpUrl: undefined, from: 'Servizi di sicurezza <noreply@gestionale.example.it>', outboxDir: '/tmp/dati/outbox', deadlineDigestHour: 7, invitationTtlHours: 72 });
  });
  it('reads the deadline digest’s hour (DEADLINE_DIGEST_HOUR): 1–23, 0 or off for none, anything else refused', () => {
    expect(loadConfig({ DEADLINE_DIGEST_HOUR: '18' }).mail.deadlineDigestHour).toBe(18);
    expect(loadConfig({ DEADLINE_DIGEST_HOUR: '0' }).mail.deadlineDigestHour).toBeNull();
    expect(loadConfig({ DEADLINE_DIGEST_HOUR: 'OFF' }).mail.deadlineDigestHour).toBeNull();
    for (const value of ['24', '7.5', 'sette', '-1']) expect(() => loadConfig({ DEADLINE_DIGEST_HOUR: value }), value).toThrow(/^DEADLINE_DIGEST_HOUR deve essere un'ora da 1 a 23/);
  });
  it('reads an smtp:// or smtps:// address and a sender with or without a name', () => {
    expect(loadConfig({ SMTP_URL: 'smtps://utente:segreto@smtp.example.it:465', MAIL_FROM: 'avvisi@example.it' }).mail).toMatchObject({ smtpUrl: 'smtps://utente:segreto@smtp.example.it:465', from: 'avvisi@example.it' });
  });
  it('refuses an address that is not SMTP, or a sender that is not an address, without repeating the password', () => {
    expect(() => loadConfig({ SMTP_URL: 'http://utente:segreto@example.it' })).toThrow(/SMTP_URL deve essere/);
    expect(() => loadConfig({ SMTP_URL: 'http://utente:segreto@example.it' })).not.toThrow(/segreto/);
    expect(() => loadConfig({ MAIL_FROM: 'Servizi di sicurezza' })).toThrow(/MAIL_FROM deve essere/);
  });
});

describe('offline priming (FIELD_PRIME_DAYS)', () => {
  it('keeps 7 working days by default, accepts 0–60 and refuses anything else at start-up', () => {
    expect(loadConfig({}).fieldPrimeDays).toBe(7);
    expect(loadConfig({ FIELD_PRIME_DAYS: '0' }).fieldPrimeDays).toBe(0);
    expect(loadConfig({ FIELD_PRIME_DAYS: ' 60 ' }).fieldPrimeDays).toBe(60);
    for (const value of ['61', '-1', '7.5', 'sette', '1e1']) expect(() => loadConfig({ FIELD_PRIME_DAYS: value }), value).toThrow(/^FIELD_PRIME_DAYS deve essere un numero di giorni lavorativi da 0 a 60: trovato/);
  });
});
