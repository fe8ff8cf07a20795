import type { User } from '@ovation/shared';
import type { UserRow } from './repository';

/** The user as the spec's client reads it (ids as `_id`, the verified flag under each of its names). */
export function toPublicUser(row: UserRow): User {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    country: row.country,
    state: row.state,
    role: row.role,
    avatar: row.avatar,
    bio: row.bio,
    emailVerified: row.emailVerified,
    isEmailVerified: row.emailVerified,
    verified: row.emailVerified,
    isVerified: row.emailVerified,
    isActive: row.isActive,
    language: row.language,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLogin?.toISOString() ?? null,
    hasPassword: row.passwordHash !== null,
  };
}
