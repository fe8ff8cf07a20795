import { describe, expect, it } from 'vitest';
import { signIn } from '../../test/accounts';
import { sharedSetUp, useTwoInstances } from '../../test/instances';

describe('revocation across instances sharing Redis', () => {
  const servers = useTwoInstances();

  it.runIf(sharedSetUp)('a logout on one instance ends the session on the other at once', async () => {
    const { first, second } = servers;
    const { token } = await signIn(first);
    expect((await second.request('GET', '/api/auth/me', { token })).status).toBe(200);
    expect((await first.request('POST', '/api/auth/logout', { token })).status).toBe(200);
    await expect
      .poll(async () => (await second.request('GET', '/api/auth/me', { token })).status, { timeout: 2000 })
      .toBe(401);
  });
});
