import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import { deviceSignatureOf, ipPrefixOf } from './network';

export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'unknown';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
  deviceType: DeviceType;
  /** The client's network (IPv4 /24, IPv6 /64): what fraud review groups votes by. */
  ipPrefix: string | null;
  /** A short hash of the user agent and accept-language (see lib/network.ts). */
  deviceSignature: string | null;
  /** ISO country code from a trusted edge header (e.g. Cloudflare's), when there is one. */
  country: string | null;
}

export function deviceTypeOf(userAgent: string | undefined): DeviceType {
  if (!userAgent) return 'unknown';
  const type = Bowser.parse(userAgent).platform.type;
  if (type === 'mobile' || type === 'tablet' || type === 'desktop') return type;
  return 'unknown';
}

/** What the audit log, sessions and votes record about where a request came from. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'] ?? null;
  const edgeCountry = request.headers['cf-ipcountry'] ?? request.headers['x-country-code'];
  const country =
    typeof edgeCountry === 'string' && /^[A-Z]{2}$/i.test(edgeCountry) ? edgeCountry.toUpperCase() : null;
  const acceptLanguage = request.headers['accept-language'] ?? null;
  return {
    ip: request.ip,
    userAgent,
    deviceType: deviceTypeOf(userAgent ?? undefined),
    ipPrefix: ipPrefixOf(request.ip),
    deviceSignature: deviceSignatureOf(userAgent, acceptLanguage),
    country,
  };
}
