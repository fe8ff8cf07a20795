import { describe, expect, it } from 'vitest';
import { deriveKey } from '../../lib/secrets';
import { flowCookie, openFlowState, readCookie, sealFlowState } from './flow-state';

const key = deriveKey('a-server-secret-a-server-secret-!!', 'social-login-flow');
const now = new Date('2025-10-01T12:00:00Z');
const flow = {
  provider: 'google' as const,
  state: 'state-1',
  codeVerifier: 'verifier-1',
  nonce: 'nonce-1',
  expiresAt: now.getTime() + 600_000,
};

describe('flow state cookie', () => {
  it('opens what it sealed, for the same provider, before it expires', () => {
    const sealed = sealFlowState(key, flow);
    expect(sealed).not.toContain('verifier-1');
    expect(openFlowState(key, sealed, 'google', now)).toEqual(flow);
    expect(openFlowState(key, sealed, 'facebook', now)).toBeNull();
    expect(openFlowState(key, sealed, 'google', new Date(flow.expiresAt + 1))).toBeNull();
  });

  it('refuses a changed byte, another key, garbage and nothing', () => {
    const sealed = sealFlowState(key, flow);
    const flipped = `${sealed.slice(0, -1)}${sealed.endsWith('A') ? 'B' : 'A'}`;
    expect(openFlowState(key, flipped, 'google', now)).toBeNull();
    expect(
      openFlowState(
        deriveKey('another-secret-another-secret-!!!', 'social-login-flow'),
        sealed,
        'google',
        now,
      ),
    ).toBeNull();
    expect(openFlowState(key, 'v1.garbage', 'google', now)).toBeNull();
    expect(openFlowState(key, undefined, 'google', now)).toBeNull();
  });

  it('writes a Secure cookie only for https and reads one back from a Cookie header', () => {
    expect(flowCookie('facebook', 'x', { secure: true, maxAgeSeconds: 600 })).toBe(
      'ovation_oauth_facebook=x; Path=/api/auth/facebook; Max-Age=600; HttpOnly; SameSite=Lax; Secure',
    );
    expect(readCookie('a=1; ovation_oauth_google=v1.abc; b=2', 'ovation_oauth_google')).toBe('v1.abc');
    expect(readCookie('a=1', 'ovation_oauth_google')).toBeUndefined();
    expect(readCookie(undefined, 'ovation_oauth_google')).toBeUndefined();
  });
});
