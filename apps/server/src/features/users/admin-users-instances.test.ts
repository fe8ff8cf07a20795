import { describe, expect, it } from 'vitest';
import { signIn } from '../../test/accounts';
import { sharedSetUp, useTwoInstances } from '../../test/instances';

describe('an admin’s action on one instance, across instances sharing Redis', () => {
  const servers = useTwoInstances();

  /** The user's session, resolved (and so cached) on the second instance. */
  async function cachedOnSecond(role: 'fan' | 'artist' = 'fan') {
    const { first, second } = servers;
    const account = await signIn(first, role);
    expect((await second.request('GET', '/api/auth/me', { token: account.token })).status).toBe(200);
    return account;
  }

  it.runIf(sharedSetUp)('a deactivation refuses the user’s token on the other instance at once', async () => {
    const { first, second } = servers;
    const admin = await signIn(first, 'admin');
    const fan = await cachedOnSecond();
    const response = await first.request('PATCH', `/api/admin/users/${fan.user.id}/status`, {
      token: admin.token,
      body: { isActive: false },
    });
    expect(response.status).toBe(200);
    await expect
      .poll(async () => (await second.request('GET', '/api/auth/me', { token: fan.token })).status, {
        timeout: 2000,
      })
      .toBe(401);
    const login = await second.request('POST', '/api/auth/login', {
      body: { email: fan.email, password: fan.password },
    });
    expect(login.body.code).toBe('ACCOUNT_DEACTIVATED');
  });

  it.runIf(sharedSetUp)('a role change and ended sessions apply on the other instance at once', async () => {
    const { first, second } = servers;
    const admin = await signIn(first, 'admin');
    const fan = await cachedOnSecond();
    const adminCall = async () =>
      (await second.request('GET', '/api/admin/users/stats', { token: fan.token })).status;
    expect(await adminCall()).toBe(403);
    const promoted = await first.request('PATCH', `/api/admin/users/${fan.user.id}/role`, {
      token: admin.token,
      body: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    await expect.poll(adminCall, { timeout: 2000 }).toBe(200);
    await first.request('DELETE', `/api/admin/users/${fan.user.id}/sessions`, { token: admin.token });
    await expect.poll(adminCall, { timeout: 2000 }).toBe(401);
  });
});
