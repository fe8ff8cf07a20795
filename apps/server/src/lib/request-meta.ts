import Bowser from 'bowser';
import type { FastifyRequest } from 'fastify';
import { deviceSignatureOf, ipPrefixOf } from './network';

export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'unknown';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The header naming the visitor's country (COUNTRY_HEADER, app.ts), only when TRUST_PROXY is set:
     * only then is the server behind a proxy that sets it. Else null, and no country header is read:
     * without a proxy (or from any other header) a client could send whatever country it likes.
     */
    trustedCountryHeader: string | null;
  }
}

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
  /**
   * ISO country code from the proxy's one country header (COUNTRY_HEADER, Cloudflare's cf-ipcountry by
   * default), read only when TRUST_PROXY is set; else null (the online users screen then falls back to the
   * profile country).
   */
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

/** The country code the trusted proxy set in its header; Cloudflare's 'XX' (unknown) and 'T1' (Tor) are none. */
function edgeCountryOf(request: FastifyRequest, name: string): string | null {
  const header = request.headers[name];
  if (typeof header !== 'string' || !/^[A-Z]{2}$/i.test(header)) return null;
  const code = header.toUpperCase();
  return code === 'XX' ? null : code;
}

/** What the audit log, sessions and votes record about where a request came from. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'] ?? null;
  const countryHeader = request.trustedCountryHeader;
  const country = countryHeader ? edgeCountryOf(request, countryHeader) : null;
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
