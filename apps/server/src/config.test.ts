import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';

describe('parseConfig', () => {
  it('gives safe defaults for the embedded set-up', () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.demoSeed).toBe(true);
    expect(config.corsOrigins).toEqual([]);
  });

  it('seeds a real PostgreSQL server only when DEMO_SEED is on', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://localhost/ovation' }).demoSeed).toBe(false);
    expect(parseConfig({ DATABASE_URL: 'postgres://localhost/ovation', DEMO_SEED: '1' }).demoSeed).toBe(true);
  });

  it('reads one country header from the trusted proxy: cf-ipcountry unless COUNTRY_HEADER names another', () => {
    expect(parseConfig({}).countryHeader).toBe('cf-ipcountry');
    expect(parseConfig({ COUNTRY_HEADER: ' X-Country-Code ' }).countryHeader).toBe('x-country-code');
    // Empty reads none, even behind a trusted proxy.
    expect(parseConfig({ COUNTRY_HEADER: '' }).countryHeader).toBeNull();
    expect(() => parseConfig({ COUNTRY_HEADER: 'cf ipcountry' })).toThrow(/COUNTRY_HEADER/);
  });

  it('names the variable that is wrong', () => {
    expect(() => parseConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => parseConfig({ PUBLIC_URL: 'nowhere' })).toThrow(/PUBLIC_URL/);
  });
});

describe('parseConfig in production', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://ovation@db.internal:5432/ovation',
    SESSION_SECRET: 's'.repeat(32),
    PUBLIC_URL: 'https://vote.example.org',
    SMTP_URL: 'smtp://mailer:secret@mail.example.org:587',
  };

  it('starts with every required setting, and never seeds demo data', () => {
    const config = parseConfig(production);
    expect(config.environment).toBe('production');
    expect(config.demoSeed).toBe(false);
    expect(config.uploads.store).toBe('database');
  });

  it('refuses to start without each required variable, naming every one missing at once', () => {
    let message = '';
    try {
      parseConfig({ NODE_ENV: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['DATABASE_URL', 'SESSION_SECRET', 'PUBLIC_URL', 'SMTP_URL']) {
      expect(message).toContain(`${name}: required when NODE_ENV=production`);
    }
    for (const name of ['DATABASE_URL', 'SESSION_SECRET', 'PUBLIC_URL', 'SMTP_URL'] as const) {
      const { [name]: _missing, ...rest } = production;
      expect(() => parseConfig(rest)).toThrow(new RegExp(`^Invalid configuration:\\n  ${name}: required`));
    }
  });

  it('refuses a PUBLIC_URL that is not https, a short secret and demo data', () => {
    expect(() => parseConfig({ ...production, PUBLIC_URL: 'http://vote.example.org' })).toThrow(
      /PUBLIC_URL: must be an https:\/\/ address/,
    );
    expect(() => parseConfig({ ...production, SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
    expect(() => parseConfig({ ...production, DEMO_SEED: '1' })).toThrow(/DEMO_SEED: must be off/);
  });

  it('reads secrets from NAME_FILE (container secrets), without the final line break', async () => {
    const fs = await import('node:fs/promises');
    const os = await import('node:os');
    const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'ovation-secrets-'));
    try {
      await fs.writeFile(path.join(folder, 'session'), `${'f'.repeat(40)}\n`);
      await fs.writeFile(path.join(folder, 'database'), 'postgres://ovation:p%40ss@db.internal/ovation\n');
      const { SESSION_SECRET: _secret, DATABASE_URL: _database, ...rest } = production;
      const config = parseConfig({
        ...rest,
        SESSION_SECRET_FILE: path.join(folder, 'session'),
        DATABASE_URL_FILE: path.join(folder, 'database'),
      });
      expect(config.sessionSecret).toBe('f'.repeat(40));
      expect(config.databaseUrl).toBe('postgres://ovation:p%40ss@db.internal/ovation');
      // Both given is a mistake; an unreadable file too. Both are named.
      expect(() => parseConfig({ ...production, SESSION_SECRET_FILE: path.join(folder, 'session') })).toThrow(
        /SESSION_SECRET_FILE: set SESSION_SECRET or SESSION_SECRET_FILE, not both/,
      );
      expect(() =>
        parseConfig({
          ...rest,
          SESSION_SECRET_FILE: path.join(folder, 'missing'),
          DATABASE_URL: 'postgres://x/y',
        }),
      ).toThrow(/SESSION_SECRET_FILE: cannot read .*missing \(ENOENT\)/);
    } finally {
      await fs.rm(folder, { recursive: true, force: true });
    }
  });

  it('keeps uploads on disk for the embedded database and in the database on PostgreSQL, unless told', () => {
    expect(parseConfig({}).uploads.store).toBe('disk');
    expect(parseConfig({ DATABASE_URL: 'postgres://localhost/ovation' }).uploads.store).toBe('database');
    expect(
      parseConfig({ DATABASE_URL: 'postgres://localhost/ovation', UPLOAD_STORE: 'disk' }).uploads.store,
    ).toBe('disk');
  });
});
