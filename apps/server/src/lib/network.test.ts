import { describe, expect, it } from 'vitest';
import { deviceSignatureOf, ipPrefixOf } from './network';

describe('ipPrefixOf', () => {
  it('names an IPv4 address by its /24', () => {
    expect(ipPrefixOf('41.203.77.12')).toBe('41.203.77.0/24');
    expect(ipPrefixOf('::ffff:102.89.33.250')).toBe('102.89.33.0/24');
  });

  it('names an IPv6 address by its /64, whatever its spelling', () => {
    expect(ipPrefixOf('2c0f:f4c0:0001:0002:aaaa:bbbb:cccc:dddd')).toBe('2c0f:f4c0:1:2::/64');
    expect(ipPrefixOf('2c0f:f4c0::1')).toBe('2c0f:f4c0:0:0::/64');
    expect(ipPrefixOf('::1')).toBe('0:0:0:0::/64');
    expect(ipPrefixOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('gives nothing for what is not an address', () => {
    expect(ipPrefixOf(null)).toBeNull();
    expect(ipPrefixOf('')).toBeNull();
    expect(ipPrefixOf('unknown')).toBeNull();
  });
});

describe('deviceSignatureOf', () => {
  it('is 16 hex characters, stable, and differs with the language', () => {
    const a = deviceSignatureOf('Mozilla/5.0 (Linux; Android 10)', 'en-NG');
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(deviceSignatureOf('Mozilla/5.0 (Linux; Android 10)', 'en-NG')).toBe(a);
    expect(deviceSignatureOf('Mozilla/5.0 (Linux; Android 10)', 'fr-CI')).not.toBe(a);
    expect(deviceSignatureOf(null, 'en')).toBeNull();
  });
});
