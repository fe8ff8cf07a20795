import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('role', ['fan', 'artist', 'admin']);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Stored as typed; uniqueness is on lower(email) so addresses are case-insensitive. */
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    country: text('country'),
    state: text('state'),
    role: roleEnum('role').notNull().default('fan'),
    avatar: text('avatar'),
    bio: text('bio').notNull().default(''),
    /** argon2id; null for accounts that only ever signed in socially. */
    passwordHash: text('password_hash'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** When the e-mail was proven (fraud review: accounts that vote minutes after verifying). */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    language: text('language').notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    /**
     * The owner deleted the account (rather than an admin deactivating it): signing in again before the
     * retention job erases it restores it.
     */
    deletedByOwner: boolean('deleted_by_owner').notNull().default(false),
    /**
     * When the retention job erased the account's personal data, 30 days after its deactivation. The row
     * stays, empty, as the pseudonym its votes keep (they still count).
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    index('users_role_idx').on(table.role),
    index('users_country_state_idx').on(table.country, table.state),
    // Admin lists: newest first, 'new this month', 'signed in within 30 days'.
    index('users_created_idx').on(table.createdAt),
    index('users_last_login_idx').on(table.lastLogin),
    // The retention job's accounts to erase: deactivated, not erased yet (a handful, unlike every user).
    index('users_erasable_idx')
      .on(table.deactivatedAt)
      .where(sql`${table.isActive} = false and ${table.erasedAt} is null`),
    // The admin users search matches any part of the name or e-mail, ignoring case (lower(...) LIKE
    // '%...%'): trigram indexes (pg_trgm, loaded on PGlite too) answer it without reading every user.
    index('users_name_search_idx').using('gin', sql`lower(${table.name}) gin_trgm_ops`),
    index('users_email_search_idx').using('gin', sql`lower(${table.email}) gin_trgm_ops`),
  ],
);

/**
 * A code mailed to a user and not used yet: one per user, stored hashed, with its expiry, wrong tries and
 * when it went out (fresh builders for each table).
 */
const pendingCodeColumns = () => ({
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One pending e-mail verification code per user, stored hashed; at most 5 wrong tries. */
export const emailVerifications = pgTable('email_verifications', pendingCodeColumns());

/** One pending code to confirm an account's deletion, for accounts without a password (social sign-in). */
export const accountDeletionCodes = pgTable('account_deletion_codes', pendingCodeColumns());

/**
 * One pending password reset per user: a 6-digit code and a single-use link token, both
 * stored as HMACs like the verification codes, valid 15 minutes, at most 5 wrong tries.
 */
export const passwordResets = pgTable('password_resets', {
  ...pendingCodeColumns(),
  tokenHash: text('token_hash').notNull(),
});

/**
 * When a code was last mailed for a purpose ('verify', 'reset') to an address, keyed by an HMAC of the
 * address so unknown addresses leave no readable trace. Kept for unknown addresses too, so the resend
 * cooldown answers the same whether or not an account exists; rows older than an hour are pruned.
 */
export const codeRequests = pgTable(
  'code_requests',
  {
    purpose: text('purpose').notNull(),
    addressHash: text('address_hash').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.purpose, table.addressHash] }),
    index('code_requests_sent_idx').on(table.sentAt),
  ],
);

/** Server-side sessions: the bearer token is only ever stored as its SHA-256 hash. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceType: text('device_type').notNull().default('unknown'),
    /** The browser's own random device id (X-Device-Id), when it sent one: device restrictions read it. */
    deviceId: text('device_id'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    country: text('country'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (table) => [
    // A user's sessions, and the online ones of a few users (the online list for a rare role reads each
    // admin's recent sessions here rather than every online session).
    index('sessions_user_activity_idx').on(table.userId, table.lastActivityAt),
    index('sessions_last_activity_idx').on(table.lastActivityAt),
  ],
);

/** Links an account to a Google or Facebook identity. */
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerUserId: text('provider_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('social_accounts_provider_subject').on(table.provider, table.providerUserId)],
);

/**
 * Which accounts have used which browser: the random device id the web app keeps in its own storage
 * (X-Device-Id), recorded at registration and every sign-in, whatever the settings. The device
 * restrictions of the platform settings read it: one account per device, one device per account.
 */
export const deviceAccounts = pgTable(
  'device_accounts',
  {
    deviceId: text('device_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.userId] }),
    index('device_accounts_user_idx').on(table.userId),
    // Links unused for a year are deleted (features/devices: DEVICE_MEMORY_DAYS).
    index('device_accounts_last_seen_idx').on(table.lastSeenAt),
  ],
);

/**
 * Every acceptance of a legal document (the terms of service, the privacy policy): which version, when,
 * from which address. Appended, never changed: a new version accepted is a new row.
 */
export const consents = pgTable(
  'consents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    document: text('document').notNull(),
    version: integer('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (table) => [index('consents_user_document_idx').on(table.userId, table.document, table.version)],
);

/**
 * Requests people made to the organiser about their data, by e-mail or otherwise, as an admin answered
 * them: a copy of their data (`access`) or the deletion of their account (`deletion`), when it was
 * received and when it was answered (the legal pages promise within 30 days).
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('privacy_requests_user_idx').on(table.userId, table.receivedAt)],
);

/**
 * The mails Ovation sent each account (what kind, to which address, when), never their content or codes:
 * what a data download lists. Kept as long as the security logs (RETENTION.securityLogsYears), and erased
 * with the account.
 */
export const mailsSent = pgTable(
  'mails_sent',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('mails_sent_user_idx').on(table.userId, table.sentAt),
    index('mails_sent_time_idx').on(table.sentAt),
  ],
);

/**
 * An admin's authenticator app (TOTP): the shared secret encrypted at rest (AES-256-GCM under a key derived
 * from the server secret). `confirmedAt` is null while set-up waits for the first code; a factor counts
 * only once confirmed. `lastUsedStep` is the 30-second step of the last code accepted, so a code seen over
 * a shoulder cannot be used a second time.
 */
export const secondFactors = pgTable('second_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes of a second factor, stored as HMACs; `usedAt` set once one is spent. */
export const secondFactorRecoveryCodes = pgTable(
  'second_factor_recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);
