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
  /**
   * The browser's own random device id (the X-Device-Id header the web app sends: a UUID it keeps in
   * local storage), or null when absent or malformed. First-party and resettable: clearing the browser
   * makes a new device. Device restrictions and fraud review read it; nothing else does.
   */
  deviceId: string | null;
  /** ISO country code from a trusted edge header (e.g. Cloudflare's), when there is one. */
  country: string | null;
}

const DEVICE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The X-Device-Id header when it is a well-formed UUID (lower-cased), else null. */
export function deviceIdOf(header: string | string[] | undefined): string | null {
  return typeof header === 'string' && DEVICE_ID.test(header) ? header.toLowerCase() : null;
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
    deviceId: deviceIdOf(request.headers['x-device-id']),
    country,
  };
}
