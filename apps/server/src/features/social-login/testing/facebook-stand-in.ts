import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FacebookTestProfile {
  id: string;
  name?: string;
  email?: string;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  profile: FacebookTestProfile;
}

async function readForm(request: http.IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function json(response: http.ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * A tiny stand-in for Facebook Login on a random 127.0.0.1 port: the dialog signs the current profile
 * in at once, the token endpoint checks the app secret and the PKCE verifier, and /me checks the bearer
 * token and the appsecret_proof. `environment` is what the app needs to use it.
 */
export async function startFacebookStandIn(app: { appId: string; appSecret: string }) {
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, FacebookTestProfile>();
  let profile: FacebookTestProfile = { id: '10001', name: 'Fola Fan', email: 'fola@example.com' };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'GET' && url.pathname === '/dialog/oauth') {
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      const clientId = url.searchParams.get('client_id') ?? '';
      const back = new URL(redirectUri);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (clientId !== app.appId || url.searchParams.get('code_challenge_method') !== 'S256') {
        back.searchParams.set('error', 'invalid_request');
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, {
          clientId,
          redirectUri,
          codeChallenge: url.searchParams.get('code_challenge') ?? '',
          profile,
        });
        back.searchParams.set('code', code);
      }
      return response.writeHead(302, { location: back.href }).end();
    }
    if (request.method === 'POST' && url.pathname === '/oauth/access_token') {
      const form = await readForm(request);
      const pending = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const challenge = createHash('sha256')
        .update(form.get('code_verifier') ?? '')
        .digest('base64url');
      const valid =
        pending &&
        form.get('client_id') === app.appId &&
        form.get('client_secret') === app.appSecret &&
        form.get('redirect_uri') === pending.redirectUri &&
        challenge === pending.codeChallenge;
      if (!valid)
        return json(response, 400, {
          error: { message: 'Invalid verification code', type: 'OAuthException' },
        });
      const accessToken = randomBytes(24).toString('hex');
      tokens.set(accessToken, pending.profile);
      return json(response, 200, { access_token: accessToken, token_type: 'bearer', expires_in: 5_183_944 });
    }
    if (request.method === 'GET' && url.pathname === '/me') {
      const token = (request.headers.authorization ?? '').replace(/^Bearer /i, '');
      const owner = tokens.get(token);
      const proof = createHmac('sha256', app.appSecret).update(token).digest('hex');
      if (!owner || url.searchParams.get('appsecret_proof') !== proof) {
        return json(response, 401, {
          error: { message: 'Invalid OAuth access token', type: 'OAuthException' },
        });
      }
      return json(response, 200, owner);
    }
    return json(response, 404, { error: { message: 'Unknown path' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    environment: {
      FACEBOOK_AUTHORIZATION_URL: `${baseUrl}/dialog/oauth`,
      FACEBOOK_TOKEN_URL: `${baseUrl}/oauth/access_token`,
      FACEBOOK_USERINFO_URL: `${baseUrl}/me?fields=id,name,email`,
    },
    /** The person the next dialog signs in. */
    setProfile(next: FacebookTestProfile) {
      profile = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
