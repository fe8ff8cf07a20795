// `npm run admin:create -- --email ADDRESS --name "FULL NAME" [--password-file FILE]`: creates a verified
// admin, or makes an existing account one, on the configured database. The password comes from
// --password-file or standard input (a prompt without echo, or a pipe), never from the command line;
// a weak one is refused. Audited. The first step of a production install (docs/operations.md).
import { parseArgs } from 'node:util';
import { emailField, nameField } from '@ovation/shared';
import { parseConfig } from '../config';
import { createOrPromoteAdmin } from '../features/accounts/first-admin';
import { systemClock } from '../lib/clock';
import { openDatabase } from '../lib/db';
import { adminPasswordWeakness } from '../lib/password-strength';
import { readSecret } from './read-secret';

const USAGE = `Usage: npm run admin:create -- --email ADDRESS --name "FULL NAME" [--password-file FILE] [--keep-password]

Creates a verified admin, or makes the account with that e-mail one. The password is read from
--password-file, or from standard input (typed without echo, or piped). --keep-password promotes an
existing account and leaves its password as it is.`;

export async function main(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      'password-file': { type: 'string' },
      'keep-password': { type: 'boolean', default: false },
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
  let password: string | undefined;
  if (!values['keep-password']) {
    password = await readSecret({ file: values['password-file'], prompt: `Password for ${email.data}: ` });
    const weakness = await adminPasswordWeakness(password, { email: email.data, name: name.data });
    if (weakness) {
      console.error(`Refused: that password is too weak for an admin: ${weakness}.`);
      return 1;
    }
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
    const { outcome } = await createOrPromoteAdmin(
      { db: database.db, clock: systemClock },
      { email: email.data, name: name.data, password },
    ).catch((error: unknown) => {
      if (error instanceof Error && error.message === 'a new admin needs a password') {
        throw new Error(`No account has ${email.data}: a new admin needs a password (drop --keep-password).`);
      }
      throw error;
    });
    const what = {
      created: `Created the admin ${email.data}`,
      promoted: `${email.data} is now an admin`,
      'already-admin': `${email.data} was already an admin${password ? '; its password was replaced' : ''}`,
    }[outcome];
    console.log(`${what} (e-mail verified; audited). Sign in at ${config.publicUrl}/login.`);
    return 0;
  } finally {
    await database.close();
  }
}
