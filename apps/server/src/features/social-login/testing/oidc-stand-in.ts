import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import type { TestBrowser } from './browser';

export interface TestIdentity {
  email: string;
  emailVerified: boolean;
  name: string;
  /** Keep e-mail claims out of the ID token, as issuers that only serve them from UserInfo do. */
  userinfoOnly?: boolean;
}

/**
 * A real OpenID provider (oidc-provider) on a random 127.0.0.1 port, standing in for Google. It listens
 * first (so the app can be configured with its issuer) and gets its client with `register` (once the app's
 * redirect URI is known): one confidential client, PKCE required, and the development login and consent
 * screens, which a test completes over HTTP with signInAt.
 */
export async function startOidcStandIn() {
  let handle: http.RequestListener = (_request, response) => response.writeHead(503).end();
  const server = http.createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const identities = new Map<string, TestIdentity>();
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  function register(client: { clientId: string; clientSecret: string; redirectUri: string }) {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: client.clientId,
          client_secret: client.clientSecret,
          redirect_uris: [client.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [{ ...signingKey, kid: 'stand-in', use: 'sig', alg: 'RS256' }] },
      cookies: { keys: ['oidc-stand-in-cookie-key'] },
      pkce: { required: () => true },
      // Explicit lifetimes (seconds), which also keeps oidc-provider from warning about its defaults.
      ttl: {
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
        AuthorizationCode: 60,
        AccessToken: 600,
        IdToken: 600,
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      // Like Google: the ID token of a code flow carries the e-mail and profile claims.
      conformIdTokenClaims: false,
      features: { devInteractions: { enabled: true } },
      findAccount: (_context, subject) => {
        const identity = identities.get(subject);
        if (!identity) return undefined;
        return {
          accountId: subject,
          claims: (use: string) =>
            identity.userinfoOnly && use === 'id_token'
              ? { sub: subject }
              : {
                  sub: subject,
                  email: identity.email,
                  email_verified: identity.emailVerified,
                  name: identity.name,
                },
        };
      },
    });
    handle = provider.callback();
  }

  return {
    issuer,
    register,
    /** Adds (or replaces) a person who can sign in with the given subject. */
    addIdentity(subject: string, identity: TestIdentity) {
      identities.set(subject, identity);
    },
    /** Runs the redirect flow from the app's start URL; answers the app's final redirect. */
    signInAt(browser: TestBrowser, startUrl: string, subject: string, stopPrefix: string) {
      return browser.follow(startUrl, stopPrefix, async ({ url, html }) => {
        if (!url.pathname.startsWith('/interaction/')) return null;
        const form: Record<string, string> = html.includes('value="login"')
          ? { prompt: 'login', login: subject, password: 'any' }
          : { prompt: 'consent' };
        const { location } = await browser.request('POST', url.href, form);
        return location;
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
