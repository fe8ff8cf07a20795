import { createHash, createHmac } from 'node:crypto';
import type { SocialProvider } from '@ovation/shared';
import * as oauth from 'openid-client';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Credentials } from './settings';

/** 10 seconds per call to a provider: a browser is waiting on the redirect meanwhile. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** Google's discovery document and keys change rarely; one discovery an hour per set of credentials. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const GOOGLE_SCOPE = 'openid email profile';
const FACEBOOK_SCOPE = 'email public_profile';

/** The secrets of one authorization request, kept by the browser (sealed) until the provider answers. */
export interface AuthorizationSecrets {
  state: string;
  codeVerifier: string;
  nonce?: string;
}

/** Who the provider says signed in. `emailVerified` is the provider's word, checked by the caller. */
export interface ProviderProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/**
 * True for loopback hosts (127.0.0.0/8, localhost, ::1). Only these may be reached over plain http:
 * local stand-ins in tests and development; every real provider stays https-only.
 */
export function isLoopbackUrl(url: string) {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

const facebookProfileSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
});

function fingerprint(credentials: Credentials) {
  return createHash('sha256').update(`${credentials.id}\n${credentials.secret}`).digest('hex');
}

/**
 * The OAuth side of social login, built once per app: Google through OpenID Connect discovery (ID token
 * checked for issuer, audience, expiry and nonce by openid-client), Facebook as plain OAuth 2 from
 * configured endpoints. Both use state and PKCE (S256).
 */
export function createProviderClients(config: Config['socialLogin']) {
  const discoveries = new Map<string, { expiresAt: number; configuration: Promise<oauth.Configuration> }>();

  function googleConfiguration(credentials: Credentials): Promise<oauth.Configuration> {
    const key = `${config.google.issuerUrl}\n${fingerprint(credentials)}`;
    const cached = discoveries.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.configuration;
    const configuration = oauth.discovery(
      new URL(config.google.issuerUrl),
      credentials.id,
      undefined,
      oauth.ClientSecretPost(credentials.secret),
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        execute: isLoopbackUrl(config.google.issuerUrl) ? [oauth.allowInsecureRequests] : [],
      },
    );
    // A failed discovery is not remembered: the next sign-in tries again.
    configuration.catch(() => discoveries.delete(key));
    discoveries.set(key, { expiresAt: Date.now() + DISCOVERY_TTL_MS, configuration });
    return configuration;
  }

  function facebookConfiguration(credentials: Credentials): oauth.Configuration {
    const { authorizationUrl, tokenUrl, userinfoUrl } = config.facebook;
    const configuration = new oauth.Configuration(
      {
        issuer: new URL(authorizationUrl).origin,
        authorization_endpoint: authorizationUrl,
        token_endpoint: tokenUrl,
      },
      credentials.id,
      undefined,
      oauth.ClientSecretPost(credentials.secret),
    );
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    if (isLoopbackUrl(tokenUrl) && isLoopbackUrl(userinfoUrl)) oauth.allowInsecureRequests(configuration);
    return configuration;
  }

  const configurationFor = (provider: SocialProvider, credentials: Credentials) =>
    provider === 'google'
      ? googleConfiguration(credentials)
      : Promise.resolve(facebookConfiguration(credentials));

  async function googleProfile(
    configuration: oauth.Configuration,
    tokens: oauth.TokenEndpointResponse & oauth.TokenEndpointResponseHelpers,
  ): Promise<ProviderProfile> {
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider returned no ID token');
    let { email, email_verified: emailVerified, name } = claims;
    // Google puts these in the ID token; an issuer that keeps them for UserInfo is asked there.
    if (typeof email !== 'string' || emailVerified === undefined) {
      const info = await oauth.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      ({ email, email_verified: emailVerified, name } = info);
    }
    return {
      subject: claims.sub,
      email: typeof email === 'string' ? email : null,
      emailVerified: emailVerified === true || emailVerified === 'true',
      name: typeof name === 'string' ? name : null,
    };
  }

  async function facebookProfile(
    configuration: oauth.Configuration,
    credentials: Credentials,
    accessToken: string,
  ): Promise<ProviderProfile> {
    const url = new URL(config.facebook.userinfoUrl);
    // Graph API's proof that the caller holds the app secret, not just a leaked token.
    url.searchParams.set(
      'appsecret_proof',
      createHmac('sha256', credentials.secret).update(accessToken).digest('hex'),
    );
    const response = await oauth.fetchProtectedResource(configuration, accessToken, url, 'GET');
    if (!response.ok) throw new Error(`the profile request answered ${response.status}`);
    const profile = facebookProfileSchema.parse(await response.json());
    // Facebook only returns an address its user has confirmed, so its presence means verified.
    return {
      subject: profile.id,
      email: profile.email ?? null,
      emailVerified: Boolean(profile.email),
      name: profile.name ?? null,
    };
  }

  return {
    /** Builds the provider's authorization URL with fresh state, PKCE and (OpenID) nonce. */
    async authorizationRequest(provider: SocialProvider, credentials: Credentials, redirectUri: string) {
      const configuration = await configurationFor(provider, credentials);
      const secrets: AuthorizationSecrets = {
        state: oauth.randomState(),
        codeVerifier: oauth.randomPKCECodeVerifier(),
        ...(provider === 'google' ? { nonce: oauth.randomNonce() } : {}),
      };
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: provider === 'google' ? GOOGLE_SCOPE : FACEBOOK_SCOPE,
        state: secrets.state,
        code_challenge: await oauth.calculatePKCECodeChallenge(secrets.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (secrets.nonce) parameters.nonce = secrets.nonce;
      return { url: oauth.buildAuthorizationUrl(configuration, parameters), secrets };
    },

    /**
     * Checks the provider's answer (state, and for Google the ID token), exchanges the code with the
     * PKCE verifier and reads the profile. `callbackUrl` is the redirect URI plus the answer's query.
     */
    async completeAuthorization(
      provider: SocialProvider,
      credentials: Credentials,
      callbackUrl: URL,
      secrets: AuthorizationSecrets,
    ): Promise<ProviderProfile> {
      const configuration = await configurationFor(provider, credentials);
      const tokens = await oauth.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: secrets.codeVerifier,
        expectedState: secrets.state,
        ...(secrets.nonce ? { expectedNonce: secrets.nonce, idTokenExpected: true } : {}),
      });
      return provider === 'google'
        ? googleProfile(configuration, tokens)
        : facebookProfile(configuration, credentials, tokens.access_token);
    },
  };
}

export type ProviderClients = ReturnType<typeof createProviderClients>;
