import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  auditLog,
  categories,
  deviceAccounts,
  images,
  mailsSent,
  sessions,
  socialAccounts,
  songs,
  users,
  votes,
} from '../../db/schema';
import type { Database } from '../../lib/db';

/*
 * Everything the platform holds about one account, each read filtered on that account and nothing else:
 * what the "Download my data" file is made of. Secrets (the password hash, session token hashes, pending
 * codes) are not the person's data to take away and are never read here.
 */

export async function findProfile(db: Database, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      phoneNumber: users.phoneNumber,
      country: users.country,
      state: users.state,
      role: users.role,
      avatar: users.avatar,
      bio: users.bio,
      language: users.language,
      emailVerified: users.emailVerified,
      emailVerifiedAt: users.emailVerifiedAt,
      createdAt: users.createdAt,
      lastLogin: users.lastLogin,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export function findVotes(db: Database, userId: string) {
  return db
    .select({
      song: songs.title,
      artist: songs.artist,
      category: categories.name,
      castAt: votes.createdAt,
      status: votes.status,
      network: votes.ipPrefix,
      deviceType: votes.deviceType,
    })
    .from(votes)
    .leftJoin(songs, eq(songs.id, votes.songId))
    .leftJoin(categories, eq(categories.id, votes.categoryId))
    .where(eq(votes.userId, userId))
    .orderBy(asc(votes.createdAt), asc(votes.id));
}

export function findSessions(db: Database, userId: string) {
  return db
    .select({
      startedAt: sessions.createdAt,
      lastActivityAt: sessions.lastActivityAt,
      endedAt: sessions.revokedAt,
      endedBecause: sessions.revokedReason,
      deviceType: sessions.deviceType,
      browser: sessions.userAgent,
      ip: sessions.ip,
      country: sessions.country,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
}

export function findDevices(db: Database, userId: string) {
  return db
    .select({
      deviceId: deviceAccounts.deviceId,
      firstSeenAt: deviceAccounts.firstSeenAt,
      lastSeenAt: deviceAccounts.lastSeenAt,
    })
    .from(deviceAccounts)
    .where(eq(deviceAccounts.userId, userId))
    .orderBy(asc(deviceAccounts.firstSeenAt));
}

export function findSocialIdentities(db: Database, userId: string) {
  return db
    .select({ provider: socialAccounts.provider, linkedAt: socialAccounts.createdAt })
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId))
    .orderBy(asc(socialAccounts.createdAt));
}

export function findUploadedSongs(db: Database, userId: string) {
  return db
    .select({
      title: songs.title,
      artist: songs.artist,
      category: categories.name,
      songLink: songs.songLink,
      description: songs.description,
      status: songs.status,
      uploadedAt: songs.createdAt,
    })
    .from(songs)
    .leftJoin(categories, eq(categories.id, songs.categoryId))
    .where(eq(songs.uploaderId, userId))
    .orderBy(asc(songs.createdAt));
}

/** The account's own events in the audit log: sign-ins, failures, password changes, exports. */
export function findOwnEvents(db: Database, userId: string) {
  return db
    .select({ event: auditLog.action, at: auditLog.createdAt, ip: auditLog.ip })
    .from(auditLog)
    .where(eq(auditLog.actorId, userId))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}

/** The mails sent to the account (kind, address, time; never their content), oldest first. */
export function findMailsSent(db: Database, userId: string) {
  return db
    .select({ kind: mailsSent.kind, to: mailsSent.recipient, sentAt: mailsSent.sentAt })
    .from(mailsSent)
    .where(eq(mailsSent.userId, userId))
    .orderBy(asc(mailsSent.sentAt), asc(mailsSent.id));
}

/** The pictures the account uploaded (song covers, its avatar), oldest first. */
export function findUploadedImages(db: Database, userId: string) {
  return db
    .select({
      id: images.id,
      kind: images.kind,
      storageKey: images.storageKey,
      originalName: images.originalName,
      width: images.width,
      height: images.height,
      widths: images.widths,
      uploadedAt: images.createdAt,
    })
    .from(images)
    .where(and(eq(images.uploadedBy, userId), inArray(images.kind, ['cover', 'avatar'])))
    .orderBy(asc(images.createdAt), asc(images.id));
}
