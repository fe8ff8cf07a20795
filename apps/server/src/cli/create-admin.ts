// `npm run admin:create -- --email ADDRESS --name "FULL NAME" [--password-file FILE]`: creates a verified
// admin, or makes an existing account one, on the configured database. The password comes from
// --password-file or standard input (a prompt without echo, or a pipe), never from the command line;
// a weak one is refused. Audited. The first step of a production install (docs/operations.md).
import { parseArgs } from 'node:util';
import { emailField, nameField } from '@ovation/shared';
import { parseConfig } from '../config';
import { createOrPromoteAdmin } from '../features/accounts/first-admin';
import { shareSessionEvictions } from '../features/sessions/invalidation';
import { systemClock } from '../lib/clock';
import { openDatabase } from '../lib/db';
import { deploymentNamespace } from '../lib/namespace';
import { adminPasswordWeakness } from '../lib/password-strength';
import { connectRedis } from '../lib/redis';
import { readSecret } from './read-secret';

const USAGE = `Usage: npm run admin:create -- --email ADDRESS --name "FULL NAME" [--password-file FILE]

Creates a verified admin, or makes the account with that e-mail one (its sessions end, and it signs in
with the new password). The password is read from --password-file, or from standard input (typed
without echo, or piped); it needs 12 characters or more and must be hard to guess.`;

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'password-file': { type: 'string' },
      password: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.password !== undefined) {
    console.error(
      'Refused: a password on the command line is seen by other users and kept in shell history.',
    );
    console.error('Use --password-file FILE, or type it at the prompt, or pipe it in.');
    return 2;
  }
  const email = emailField.safeParse(values.email ?? '');
  const name = nameField.safeParse(values.name ?? '');
  if (!email.success || !name.success) {
    if (!email.success) console.error('--email: a valid e-mail address is required.');
    if (!name.success) console.error("--name: the admin's name (2 to 100 characters) is required.");
    console.error(`\n${USAGE}`);
    return 2;
  }
  const password = await readSecret({
    file: values['password-file'],
    prompt: `Password for ${email.data}: `,
  });
  const weakness = await adminPasswordWeakness(password, { email: email.data, name: name.data });
  if (weakness) {
    console.error(`Refused: that password is too weak for an admin: ${weakness}.`);
    return 1;
  }
  const config = parseConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const pending = await database.pendingMigrations();
    if (pending.length > 0) {
      console.error(
        `The database is ${pending.length} migration(s) behind: run \`npm run db:migrate\` first.`,
      );
      return 1;
    }
    // Other instances hear that the account's sessions ended (through Redis; else within their 10 s cache).
    const redis = connectRedis(config.redisUrl);
    const stopSharing = redis
      ? await shareSessionEvictions(database.db, redis, deploymentNamespace(config))
      : undefined;
    const { outcome } = await createOrPromoteAdmin(
      { db: database.db, clock: systemClock },
      { email: email.data, name: name.data, password },
    ).finally(async () => {
      await stopSharing?.();
      redis?.disconnect();
    });
    const what = {
      created: `Created the admin ${email.data}`,
      promoted: `${email.data} is now an admin with the new password; its sessions ended`,
      'password-replaced': `${email.data} was already an admin; its password was replaced and its sessions ended`,
    }[outcome];
    console.log(`${what} (e-mail verified; audited). Sign in at ${config.publicUrl}/login.`);
    return 0;
  } finally {
    await database.close();
  }
}
