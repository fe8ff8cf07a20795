import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AltchaChallenge } from '@ovation/shared';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * Solves an ALTCHA challenge as the browser widget does and packs the result the way the widget does
 * (base64 of `{ challenge: { parameters, signature }, solution }`): the token a client sends.
 */
export async function solveAltcha(challenge: AltchaChallenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 20_000 });
  if (!solution) throw new Error('The ALTCHA challenge could not be solved');
  const payload = {
    challenge: { parameters: challenge.parameters, signature: challenge.signature },
    solution,
  };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

export interface SiteverifyCall {
  secret: string | null;
  response: string | null;
  remoteip: string | null;
  contentType: string | undefined;
}

export interface RecaptchaStandIn {
  /** Give this as RECAPTCHA_VERIFY_URL. */
  url: string;
  /** Every form the server posted, oldest first. */
  calls: SiteverifyCall[];
  close(): Promise<void>;
}

/**
 * A local stand-in for Google's siteverify: answers success only for the tokens it is told are
 * good, `hang` never answers (to test the timeout), `broken` answers a 500 page. Nothing leaves the machine.
 */
export async function startRecaptchaStandIn(goodTokens: string[]): Promise<RecaptchaStandIn> {
  const calls: SiteverifyCall[] = [];
  const server = http.createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const form = new URLSearchParams(body);
    const token = form.get('response');
    calls.push({
      secret: form.get('secret'),
      response: token,
      remoteip: form.get('remoteip'),
      contentType: request.headers['content-type'],
    });
    if (token === 'hang') return;
    if (token === 'broken') {
      response.writeHead(500, { 'content-type': 'text/html' }).end('<h1>Server Error</h1>');
      return;
    }
    const success = token !== null && goodTokens.includes(token);
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(
        JSON.stringify(
          success
            ? { success, hostname: 'localhost' }
            : { success, 'error-codes': ['invalid-input-response'] },
        ),
      );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    calls,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
