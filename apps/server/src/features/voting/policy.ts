import type { Viewer } from '../../lib/viewer';

/*
 * Who may vote. Whether voting is open, the quota and the cooldown are the vote's rules (vote-service.ts,
 * enforced again inside the vote's transaction); this is the viewer's side of it.
 */

/** Only fans vote: artists and admins take part in the event, not in its count. */
export function votesAsFan(viewer: NonNullable<Viewer>): boolean {
  return viewer.role === 'fan';
}
