import { Secret, TOTP } from 'otpauth';
import type { TestServer } from './server';

/** The authenticator app's code for `secret` at the server's current time (its clock is the test's). */
export function totpCode(server: TestServer, secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: server.clock.now().getTime() });
}

/** Moves the server's clock to the next 30-second step and answers that step's code (each is single-use). */
export function nextTotpCode(server: TestServer, secret: string) {
  server.clock.advance(30_000);
  return totpCode(server, secret);
}

/** Sets up and confirms a second factor for the signed-in admin: answers its secret and recovery codes. */
export async function enableSecondFactor(server: TestServer, token: string) {
  const setup = await server.request('POST', '/api/auth/second-factor/setup', { token });
  if (setup.status !== 200) throw new Error(`setup failed: ${JSON.stringify(setup.body)}`);
  const secret = setup.body.data.secret as string;
  const confirm = await server.request('POST', '/api/auth/second-factor/confirm', {
    token,
    body: { code: nextTotpCode(server, secret) },
  });
  if (confirm.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirm.body)}`);
  return {
    secret,
    recoveryCodes: confirm.body.data.recoveryCodes as string[],
    otpauthUri: setup.body.data.otpauthUri as string,
  };
}
