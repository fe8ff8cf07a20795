import { createHmac, createSecretKey, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import { AD_LOCATIONS, type AdLocation } from '@ovation/shared';

/**
 * Serve tokens: what an ad slot carries back to the server when its ad was seen or clicked.
 * Compact and signed, so nobody can count an impression of an ad they were not served, nor make the click
 * redirect go anywhere but the served ad's stored target:
 *
 *   version (1) | ad id (16) | location (1) | viewer key (8) | served at, seconds (4) | HMAC-SHA256, first 16
 *
 * 46 bytes, 62 characters of base64url. The viewer key is a keyed 64-bit hash of the account or of the
 * browser's own device id, so a token never carries an id in clear.
 */

const VERSION = 1;
const PAYLOAD_BYTES = 30;
const MAC_BYTES = 16;
const TOKEN_BYTES = PAYLOAD_BYTES + MAC_BYTES;
/** Instances' clocks differ a little: a token served "in the future" by this much is still accepted. */
const CLOCK_SKEW_SECONDS = 60;
const UUID_HEX = /^[0-9a-f]{32}$/;

export interface AdTokenPayload {
  adId: string;
  location: AdLocation;
  /** A keyed hash of the viewer (signed 64-bit: the `ad_viewer_hours.viewer` column). */
  viewer: bigint;
  /** When the ad was served, whole seconds since the epoch. */
  servedAtSeconds: number;
}

function uuidToBytes(id: string): Buffer | null {
  const hex = id.replace(/-/g, '').toLowerCase();
  return UUID_HEX.test(hex) ? Buffer.from(hex, 'hex') : null;
}

function bytesToUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export class AdTokens {
  // Key objects made once: a Buffer key would be imported again on every HMAC.
  private readonly signingKey: KeyObject;
  private readonly viewerKey: KeyObject;

  /**
   * @param signingKey signs tokens (deriveKey(secret, 'ad-tokens')).
   * @param viewerKey hashes viewers (deriveKey(secret, 'ad-viewers')): another key, so one never reveals the other.
   */
  constructor(signingKey: Buffer, viewerKey: Buffer) {
    this.signingKey = createSecretKey(signingKey);
    this.viewerKey = createSecretKey(viewerKey);
  }

  /**
   * The viewer key of 'user:<id>' or 'device:<uuid>'; without either (no device id sent), a random one,
   * so such a visitor is only ever the same viewer as themselves through the one token.
   */
  viewerOf(identity: string | null): bigint {
    const bytes = identity
      ? createHmac('sha256', this.viewerKey).update(identity).digest().subarray(0, 8)
      : randomBytes(8);
    return bytes.readBigInt64BE(0);
  }

  sign(payload: AdTokenPayload): string {
    const body = Buffer.alloc(PAYLOAD_BYTES);
    body.writeUInt8(VERSION, 0);
    const id = uuidToBytes(payload.adId);
    if (!id) throw new Error(`not an ad id: ${payload.adId}`);
    id.copy(body, 1);
    body.writeUInt8(AD_LOCATIONS.indexOf(payload.location), 17);
    body.writeBigInt64BE(payload.viewer, 18);
    body.writeUInt32BE(payload.servedAtSeconds, 26);
    return Buffer.concat([body, this.mac(body)]).toString('base64url');
  }

  /** The payload of a token this server signed, or null (malformed, another key, tampered with). */
  verify(token: string): AdTokenPayload | null {
    if (token.length !== Math.ceil((TOKEN_BYTES * 4) / 3)) return null;
    const bytes = Buffer.from(token, 'base64url');
    // Only the one spelling this server writes: the last character's spare bits cannot vary either.
    if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return null;
    const body = bytes.subarray(0, PAYLOAD_BYTES);
    if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), this.mac(body))) return null;
    const location = AD_LOCATIONS[body.readUInt8(17)];
    if (body.readUInt8(0) !== VERSION || !location) return null;
    return {
      adId: bytesToUuid(body.subarray(1, 17)),
      location,
      viewer: body.readBigInt64BE(18),
      servedAtSeconds: body.readUInt32BE(26),
    };
  }

  private mac(body: Buffer): Buffer {
    return createHmac('sha256', this.signingKey).update(body).digest().subarray(0, MAC_BYTES);
  }
}

/** Whether a token served at `servedAtSeconds` may still count an event at `now`. */
export function isFresh(payload: AdTokenPayload, now: Date, maxAgeSeconds: number): boolean {
  const age = now.getTime() / 1000 - payload.servedAtSeconds;
  return age <= maxAgeSeconds && age >= -CLOCK_SKEW_SECONDS;
}
