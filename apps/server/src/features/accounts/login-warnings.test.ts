import { beforeAll, describe, expect, it } from 'vitest';
import { setUpAccountsServer, signIn } from '../../test/accounts';
import type { TestServer } from '../../test/server';

// Its own server: the 20 failures an IP may make in 15 minutes are the other login tests' budget.
const accounts = setUpAccountsServer();
let server: TestServer;
beforeAll(() => {
  ({ server } = accounts);
});

describe('POST /api/auth/login lockout warnings', () => {
  it('says how many tries remain once 2 or fewer do, the same for an unknown address', async () => {
    const { email } = await signIn(server);
    const ghost = 'nobody-here@example.com';
    for (const address of [email, ghost]) {
      const remaining: unknown[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const response = await server.request('POST', '/api/auth/login', {
          body: { email: address, password: 'wrong-password' },
        });
        expect(response.status).toBe(401);
        expect(response.body.code).toBe('INVALID_CREDENTIALS');
        remaining.push(response.body.attemptsRemaining);
      }
      expect(remaining).toEqual([undefined, undefined, 2, 1, 0]);
      const locked = await server.request('POST', '/api/auth/login', {
        body: { email: address, password: 'wrong-password' },
      });
      expect(locked.status).toBe(429);
      expect(Object.keys(locked.body).sort()).toEqual(['code', 'message', 'retryAfterSeconds', 'success']);
    }
  });
});
