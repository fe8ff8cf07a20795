import { createHash } from 'node:crypto';
import net from 'node:net';

/** Bits of an IPv4 address that name its network for fraud review: a /24, one carrier's block. */
const IPV4_PREFIX_BITS = 24;
/** Bits of an IPv6 address that name one subscriber's network: a /64, what a home or phone is given. */
const IPV6_PREFIX_GROUPS = 4;

/**
 * The network an address belongs to, as fraud review and exports show it: '41.203.77.0/24' for IPv4
 * (an IPv4-mapped IPv6 address counts as IPv4), '2c0f:f4c0:1:2::/64' for IPv6, null for anything else.
 * The full address stays in the vote row; nothing outside the database ever needs it.
 */
export function ipPrefixOf(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped ? mapped[1]! : ip;
  const family = net.isIP(address);
  if (family === 4) {
    const octets = address.split('.').slice(0, IPV4_PREFIX_BITS / 8);
    return `${octets.join('.')}.0/${IPV4_PREFIX_BITS}`;
  }
  if (family === 6) return `${ipv6Groups(address).slice(0, IPV6_PREFIX_GROUPS).join(':')}::/64`;
  return null;
}

/** The eight groups of an IPv6 address, '::' expanded and leading zeros dropped. */
function ipv6Groups(address: string): string[] {
  const withoutZone = address.split('%')[0]!;
  const [head = '', tail] = withoutZone.split('::');
  const part = (text: string) => (text ? text.split(':') : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = Math.max(0, 8 - left.length - right.length);
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) =>
    (Number.parseInt(group, 16) || 0).toString(16),
  );
}

/**
 * A short, stable signature of the browser a vote came from: 16 hex characters of SHA-256 over the user
 * agent and the accept-language header. Many phones share one, so it is a lead for review together with
 * time and focus, never proof; null when the request carried no user agent.
 */
export function deviceSignatureOf(userAgent: string | null, acceptLanguage: string | null): string | null {
  if (!userAgent) return null;
  return createHash('sha256')
    .update(`${userAgent}\n${acceptLanguage ?? ''}`)
    .digest('hex')
    .slice(0, 16);
}
