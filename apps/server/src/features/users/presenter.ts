import type { AdminUser } from '@ovation/shared';
import { findCountryByName } from '../countries/service';
import type { AdminUserRow } from './admin-repository';

/** The ISO code of a country name in the registration list (what the flag and translated name need). */
export function countryCodeOf(country: string | null): string | null {
  return country ? (findCountryByName(country)?.id ?? null) : null;
}

/** The admin's view of a user: every admin route that answers a user uses this one function. */
export function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    avatar: row.avatar,
    country: row.country,
    countryCode: countryCodeOf(row.country),
    state: row.state,
    role: row.role,
    isActive: row.isActive,
    bio: row.bio,
    createdAt: row.createdAt.toISOString(),
    isVerified: row.emailVerified,
    lastLogin: row.lastLogin?.toISOString() ?? null,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    erasedAt: row.erasedAt?.toISOString() ?? null,
  };
}

/** What the audit log keeps of a user before and after an admin's change: the fields admins change. */
export function toAuditedUser(row: AdminUserRow) {
  return {
    role: row.role,
    isActive: row.isActive,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
  };
}
