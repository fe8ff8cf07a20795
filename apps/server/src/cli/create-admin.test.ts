import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../db/schema';
import { hashPassword } from '../lib/passwords';
import { createServer, type RunningServer } from '../server';
import { newDeployment, runCli } from '../test/cli';
import { createUser } from '../test/factories';

/**
 * `npm run admin:create`: the first admin of a real deployment, from the command line, with the password
 * on standard input or in a file (never in the arguments), refused when weak, audited.
 */
const STRONG = 'orbit lantern cassava drumbeat';
let deployment: Awaited<ReturnType<typeof newDeployment>>;
beforeAll(async () => {
  deployment = await newDeployment();
  const migrated = await runCli(['db:migrate'], { environment: deployment.environment });
  expect(migrated.stdout).toMatch(/Applied \d+ migration/);
});
afterAll(() => deployment.remove());

const createAdmin = (args: string[], input?: string) =>
  runCli(['admin:create', ...args], { environment: deployment.environment, input });

/** Starts the server on the deployment's database, runs `check`, and stops it (the embedded one is single-process). */
async function withServer(check: (server: RunningServer) => Promise<void>) {
  const server = await createServer(deployment.config());
  try {
    await check(server);
  } finally {
    await server.close();
  }
}

describe('npm run admin:create', () => {
  it('refuses a password given on the command line, a weak password and a missing e-mail, creating nothing', async () => {
    const inline = await createAdmin([
      '--email',
      'ops@example.org',
      '--name',
      'Ada Ops',
      '--password',
      STRONG,
    ]);
    expect(inline.code).toBe(2);
    expect(inline.stderr).toMatch(/shell history/);
    const weak = await createAdmin(['--email', 'ops@example.org', '--name', 'Ada Ops'], 'Ovation2025!\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/too weak for an admin/);
    const short = await createAdmin(['--email', 'ops@example.org', '--name', 'Ada Ops'], 'Xk9#mQ2$\n');
    expect(short.stderr).toMatch(/at least 12/);
    const noEmail = await createAdmin(['--name', 'Ada Ops'], `${STRONG}\n`);
    expect(noEmail.code).toBe(2);
    expect(noEmail.stderr).toMatch(/--email/);
    await withServer(async (server) => {
      expect(await server.database.db.select().from(users)).toEqual([]);
    });
  });

  it('creates a verified admin from a piped password, who signs in; audited without an actor', async () => {
    const created = await createAdmin(['--email', 'Ops@Example.org', '--name', 'Ada Ops'], `${STRONG}\n`);
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/Created the admin ops@example\.org \(e-mail verified; audited\)/);
    await withServer(async (server) => {
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'ops@example.org', password: STRONG },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user).toMatchObject({ role: 'admin', emailVerified: true, name: 'Ada Ops' });
      const dashboard = await server.app.inject({
        method: 'GET',
        url: '/api/admin/dashboard',
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(dashboard.statusCode).toBe(200);
      const [entry] = await server.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'user.admin.created'));
      expect(entry).toMatchObject({ actorId: null, targetType: 'user', targetId: login.json().user._id });
      expect(entry!.details).toMatchObject({ via: 'cli', email: 'ops@example.org' });
    });
  });

  it('promotes an existing account with the new password (--password-file), ending its sessions', async () => {
    let fanToken = '';
    await withServer(async (server) => {
      await createUser(server.database.db, {
        email: 'kofi@example.org',
        name: 'Kofi Fan',
        role: 'fan',
        passwordHash: await hashPassword('secret123'),
      });
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'kofi@example.org', password: 'secret123' },
      });
      fanToken = login.json().token;
    });
    const file = path.join(deployment.environment.DATA_DIR!, 'admin-password');
    await fs.writeFile(file, 'mango savanna telescope ribbon\n', { mode: 0o600 });
    const promoted = await createAdmin([
      '--email',
      'kofi@example.org',
      '--name',
      'Kofi Fan',
      '--password-file',
      file,
    ]);
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toMatch(
      /kofi@example\.org is now an admin with the new password; its sessions ended/,
    );
    const again = await createAdmin([
      '--email',
      'kofi@example.org',
      '--name',
      'Kofi Fan',
      '--password-file',
      file,
    ]);
    expect(again.stdout).toMatch(/already an admin; its password was replaced/);
    await withServer(async (server) => {
      const old = await server.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${fanToken}` },
      });
      expect(old.statusCode).toBe(401);
      expect(
        (
          await server.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'kofi@example.org', password: 'secret123' },
          })
        ).statusCode,
      ).toBe(401);
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'kofi@example.org', password: 'mango savanna telescope ribbon' },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json().user).toMatchObject({ role: 'admin', emailVerified: true });
      const changes = await server.database.db
        .select({ action: auditLog.action, details: auditLog.details })
        .from(auditLog)
        .where(eq(auditLog.targetId, login.json().user._id));
      expect(changes.map((change) => change.action)).toEqual(
        expect.arrayContaining(['user.role.changed', 'user.password.set-by-cli']),
      );
    });
  });
});
