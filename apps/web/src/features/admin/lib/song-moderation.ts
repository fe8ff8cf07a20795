import type { SongStatus } from '@ovation/shared/constants';
import type { AdminSong, ModerationAction } from '@ovation/shared/schemas/admin-songs';
import { apiRequest } from '../../../lib/api-client';

/** The moderation calls, shared by the dashboard's pending approvals and the moderation screen. */

/**
 * PUT /admin/songs/{id}/verify. `expectedStatus` is the status the admin saw: the server refuses (409) when
 * the song no longer has it, so a decision never overwrites another admin's.
 */
export function verifySong(variables: {
  id: string;
  action: ModerationAction;
  reason?: string;
  expectedStatus?: SongStatus;
}) {
  return apiRequest<AdminSong>(`/admin/songs/${variables.id}/verify`, {
    method: 'PUT',
    body: {
      action: variables.action,
      ...(variables.reason ? { reason: variables.reason } : {}),
      ...(variables.expectedStatus ? { expectedStatus: variables.expectedStatus } : {}),
    },
  });
}

/** Changes a decision already taken (approved or rejected): a reason is required, the artist reads it. */
export function changeDecision({
  song,
  action,
  reason,
}: {
  song: AdminSong;
  action: ModerationAction;
  reason: string;
}) {
  return verifySong({ id: song._id, action, reason, expectedStatus: song.status });
}

/** Approve on one song (a moderation list row, a pending approval on the dashboard). */
export function approveSong(song: AdminSong) {
  return verifySong({ id: song._id, action: 'approve' });
}

/** Reject on one song, with the reason the artist reads (empty: none). */
export function rejectSong({ song, reason }: { song: AdminSong; reason: string }) {
  return verifySong({ id: song._id, action: 'reject', reason });
}

export interface BulkModerationResult {
  moderated: AdminSong[];
  skipped: { _id: string; status: 'approved' | 'rejected' | 'pending' | 'missing' }[];
}

/** PUT /admin/songs/verify: several songs at once; songs no longer pending come back in `skipped`. */
export function verifySongs(variables: {
  ids: string[];
  action: Exclude<ModerationAction, 'reopen'>;
  reason?: string;
}) {
  return apiRequest<BulkModerationResult>('/admin/songs/verify', {
    method: 'PUT',
    body: {
      ids: variables.ids,
      action: variables.action,
      ...(variables.reason ? { reason: variables.reason } : {}),
    },
  });
}
