import type { PlatformSettings, Role } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import type { Database } from '../../lib/db';
import { Forbidden, Invalid } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { audit } from '../audit/service';
import { endUserSessionsOnOtherDevices, startSession } from '../sessions/service';
import { getPlatformSettings } from '../settings/service';
import * as repository from './repository';

/*
 * Device restrictions (platform settings, `deviceRestrictions`). A device is the random id the web app
 * keeps in the browser's local storage and sends as X-Device-Id (lib/request-meta.ts): first-party and
 * resettable, so clearing the browser, a private window or another browser is a new device. The rules
 * slow down casual multi-accounting; they do not stop a determined person. Admins are exempt from both,
 * so an admin can always sign in to fix a setting.
 *
 * - oneAccountPerDevice: a device used by one non-admin account cannot register or sign in another
 *   (403 DEVICE_IN_USE); a request without a device id is refused (400 DEVICE_ID_REQUIRED).
 * - allowMultipleDevices off: signing in on a device ends the account's sessions on every other device.
 *
 * Whatever the settings, each registration and sign-in that carries a device id is recorded in
 * device_accounts, so turning the rules on later already knows which device belongs to whom. A link no
 * sign-in has renewed for DEVICE_MEMORY_DAYS is deleted (checked before each device rule), so a device is
 * not kept for an account, nor remembered at all, for ever.
 */

/** How long a device stays linked to an account after its last sign-in or registration on it. */
export const DEVICE_MEMORY_DAYS = 365;
const DEVICE_MEMORY_MS = DEVICE_MEMORY_DAYS * 24 * 60 * 60 * 1000;

export interface DeviceDependencies {
  db: Database;
  clock: Clock;
}

/** The account a device rule is checked for: its id (none yet at registration) and role. */
export interface DeviceAccount {
  id: string;
  role: Role;
}

/** Why a session was ended by the one-device rule (sessions.revoked_reason). */
export const OTHER_DEVICE_REASON = 'other-device';

/** The rules in force for an account of this role. */
function rulesFor(settings: PlatformSettings, role: Role) {
  const restrictions = settings.deviceRestrictions;
  const applies = restrictions.enabled && role !== 'admin';
  return {
    oneAccountPerDevice: applies && restrictions.oneAccountPerDevice,
    oneDevicePerAccount: applies && !restrictions.allowMultipleDevices,
  };
}

/**
 * Deletes the links unused for DEVICE_MEMORY_DAYS, as the code requests' old rows are (accounts
 * repository): on the way, before a device rule reads them, outside its transaction and lock.
 */
async function forgetOldDevices(deps: DeviceDependencies) {
  await repository.forgetDevicesSeenBefore(deps.db, new Date(deps.clock.now().getTime() - DEVICE_MEMORY_MS));
}

/** The first 8 characters of a device id: enough to tell devices apart in the audit log. */
export function shortDeviceId(deviceId: string | null) {
  return deviceId ? deviceId.slice(0, 8) : null;
}

async function refuseTakenDevice(
  deps: DeviceDependencies,
  values: { deviceId: string; userId: string | null; otherUserId: string; ip: string },
) {
  await audit(
    deps.db,
    { id: values.userId, ip: values.ip },
    {
      action: 'auth.device.refused',
      targetType: 'user',
      targetId: values.otherUserId,
      details: { device: shortDeviceId(values.deviceId) },
    },
  );
  return Forbidden('DEVICE_IN_USE');
}

/**
 * Registers an account on the request's device: under oneAccountPerDevice, refuses a device another
 * non-admin account has used, before anything is created. `create` makes the account inside the same
 * transaction, under an advisory lock on the device, so two registrations on one device at once cannot
 * both pass; the device is linked to the new account in it. `create` answers undefined when it made
 * nothing (an e-mail already taken), and so does this.
 */
export async function registerOnDevice<Created extends { id: string }>(
  deps: DeviceDependencies,
  role: Role,
  meta: RequestMeta,
  create: (tx: Database) => Promise<Created | undefined>,
): Promise<Created | undefined> {
  const rules = rulesFor(await getPlatformSettings(deps.db), role);
  const { deviceId } = meta;
  if (rules.oneAccountPerDevice && !deviceId) throw Invalid('DEVICE_ID_REQUIRED');
  if (deviceId) await forgetOldDevices(deps);
  const outcome = await deps.db.transaction(
    async (tx): Promise<{ takenBy: string } | { created: Created | undefined }> => {
      if (rules.oneAccountPerDevice && deviceId) {
        await repository.lockDevice(tx, deviceId);
        const other = await repository.findOtherAccountOnDevice(tx, deviceId, null);
        if (other) return { takenBy: other.userId };
      }
      const created = await create(tx);
      if (created && deviceId) await repository.linkDevice(tx, deviceId, created.id, deps.clock.now());
      return { created };
    },
  );
  if ('takenBy' in outcome) {
    const refusal = { deviceId: deviceId!, userId: null, otherUserId: outcome.takenBy, ip: meta.ip };
    throw await refuseTakenDevice(deps, refusal);
  }
  return outcome.created;
}

/**
 * Lets an existing account in on the request's device, or refuses it (oneAccountPerDevice: 403
 * DEVICE_IN_USE when another non-admin account has used the device, 400 DEVICE_ID_REQUIRED without a
 * device id), and records the device. Call it once the password (or the provider) has proven who this
 * is, so a refusal tells nothing to someone who does not know it.
 */
export async function admitDevice(deps: DeviceDependencies, account: DeviceAccount, meta: RequestMeta) {
  const rules = rulesFor(await getPlatformSettings(deps.db), account.role);
  const { deviceId } = meta;
  if (deviceId) await forgetOldDevices(deps);
  if (!rules.oneAccountPerDevice) {
    if (deviceId) await repository.linkDevice(deps.db, deviceId, account.id, deps.clock.now());
    return;
  }
  if (!deviceId) throw Invalid('DEVICE_ID_REQUIRED');
  const takenBy = await deps.db.transaction(async (tx) => {
    await repository.lockDevice(tx, deviceId);
    const other = await repository.findOtherAccountOnDevice(tx, deviceId, account.id);
    if (other) return other.userId;
    await repository.linkDevice(tx, deviceId, account.id, deps.clock.now());
    return null;
  });
  if (takenBy) {
    throw await refuseTakenDevice(deps, { deviceId, userId: account.id, otherUserId: takenBy, ip: meta.ip });
  }
}

/**
 * Under allowMultipleDevices off, ends the account's other live sessions that are not on the request's
 * device (all of them but `sessionId` when the request has no device id), evicted from the session
 * caches on every instance, and audits how many ended. Answers that number.
 */
export async function endSessionsOnOtherDevices(
  deps: DeviceDependencies,
  account: DeviceAccount,
  meta: RequestMeta,
  sessionId: string,
) {
  const rules = rulesFor(await getPlatformSettings(deps.db), account.role);
  if (!rules.oneDevicePerAccount) return 0;
  const ended = await endUserSessionsOnOtherDevices(deps.db, deps.clock, {
    userId: account.id,
    deviceId: meta.deviceId,
    keepSessionId: sessionId,
    reason: OTHER_DEVICE_REASON,
  });
  if (ended > 0) {
    await audit(
      deps.db,
      { id: account.id, ip: meta.ip },
      {
        action: 'auth.session.other-device',
        targetType: 'user',
        targetId: account.id,
        details: { ended, device: shortDeviceId(meta.deviceId) },
      },
    );
  }
  return ended;
}

/**
 * Signs an account in on the request's device: admitDevice (unless the caller has just done it, or
 * registered the account on this device: `admitted`), a new session, then the one-device rule. Answers
 * the session's token and id.
 */
export async function startSessionOnDevice(
  deps: DeviceDependencies,
  account: DeviceAccount,
  meta: RequestMeta,
  options: { admitted?: boolean } = {},
) {
  if (!options.admitted) await admitDevice(deps, account, meta);
  const session = await startSession(deps.db, deps.clock, account.id, meta);
  await endSessionsOnOtherDevices(deps, account, meta, session.sessionId);
  return session;
}
