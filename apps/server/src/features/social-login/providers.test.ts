import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config';
import { createProviderClients, isLoopbackUrl } from './providers';

const credentials = { id: 'client', secret: 'secret' };

describe('provider clients', () => {
  it('treats only loopback hosts as loopback', () => {
    for (const url of [
      'http://127.0.0.1:4000',
      'http://localhost/x',
      'http://[::1]:80',
      'http://127.1.2.3',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(true);
    }
    for (const url of [
      'https://accounts.google.com',
      'http://127.0.0.1.evil.example',
      'http://localhost.evil.example',
    ]) {
      expect(isLoopbackUrl(url), url).toBe(false);
    }
  });

  it('refuses a plain-http issuer that is not on this machine, before any request is made', async () => {
    const { socialLogin } = parseConfig({ GOOGLE_ISSUER_URL: 'http://issuer.invalid' });
    const clients = createProviderClients(socialLogin);
    await expect(clients.authorizationRequest('google', credentials, 'http://localhost/cb')).rejects.toThrow(
      /HTTPS/i,
    );
  });

  it('builds the Facebook dialog URL from the configured endpoint without any discovery', async () => {
    const { socialLogin } = parseConfig({});
    const { url, secrets } = await createProviderClients(socialLogin).authorizationRequest(
      'facebook',
      credentials,
      'https://ovation.example/api/auth/facebook/callback',
    );
    expect(url.origin + url.pathname).toBe('https://www.facebook.com/v19.0/dialog/oauth');
    expect(url.searchParams.get('state')).toBe(secrets.state);
    expect(secrets.nonce).toBeUndefined();
  });
});
