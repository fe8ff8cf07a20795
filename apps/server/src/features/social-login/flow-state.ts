import { SOCIAL_PROVIDERS, type SocialProvider } from '@ovation/shared';
import { z } from 'zod';
import { decryptSecret, encryptSecret } from '../../lib/secrets';

/** 10 minutes: long enough to sign in at the provider, short enough that a stolen cookie soon dies. */
export const FLOW_TTL_SECONDS = 10 * 60;

/** What the browser carries between the start of a sign-in and the provider's redirect back. */
const flowStateSchema = z.object({
  provider: z.enum(SOCIAL_PROVIDERS),
  state: z.string().min(1),
  codeVerifier: z.string().min(1),
  nonce: z.string().min(1).optional(),
  expiresAt: z.number().int(),
  /**
   * The browser's device id (the start route's `deviceId` query parameter, as lib/request-meta reads
   * X-Device-Id): the provider's redirect back carries no header, so the device rules read it from here.
   */
  deviceId: z.string().nullable().optional(),
});
export type FlowState = z.infer<typeof flowStateSchema>;

/**
 * Seals the flow state for a cookie. AES-256-GCM encrypts it (the PKCE verifier and nonce stay secret)
 * and its tag authenticates it (a changed byte fails to open), so no server-side store is needed and any
 * instance sharing the secret can finish the flow.
 */
export function sealFlowState(key: Buffer, flow: FlowState): string {
  return encryptSecret(key, JSON.stringify(flow));
}

/** Opens a sealed flow state; null when it is missing, forged, for another provider, or expired. */
export function openFlowState(
  key: Buffer,
  sealed: string | undefined,
  provider: SocialProvider,
  now: Date,
): FlowState | null {
  if (!sealed) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decryptSecret(key, sealed));
  } catch {
    return null;
  }
  const flow = flowStateSchema.safeParse(parsed);
  if (!flow.success || flow.data.provider !== provider || flow.data.expiresAt < now.getTime()) return null;
  return flow.data;
}

export function flowCookieName(provider: SocialProvider) {
  return `ovation_oauth_${provider}`;
}

/**
 * The Set-Cookie header for the flow state: HttpOnly (no script reads it), SameSite=Lax (sent on the
 * provider's top-level redirect back, not on cross-site sub-requests), Secure on https, and scoped to
 * the provider's /api/auth path. An empty value with maxAge 0 deletes it.
 */
export function flowCookie(
  provider: SocialProvider,
  value: string,
  options: { secure: boolean; maxAgeSeconds: number },
) {
  const attributes = [
    `${flowCookieName(provider)}=${value}`,
    `Path=/api/auth/${provider}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** One cookie's value from a Cookie request header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}
