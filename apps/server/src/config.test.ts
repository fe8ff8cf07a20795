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
