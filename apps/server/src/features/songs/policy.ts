import type { SongStatus } from '@ovation/shared';
import { isAdmin, type Viewer } from '../../lib/viewer';

/*
 * Who may do what with a song. Route access (lib/access.ts) lets artists and admins reach the write
 * routes; these rules decide per song. Services call them; nothing else compares roles.
 */

/** What the rules need to know of a song. */
interface SongOwnership {
  uploaderId: string | null;
  status: SongStatus;
}

/** A song not yet approved (pending, rejected) is seen by its uploader and by admins only. */
export function canSeeUnapprovedSong(viewer: Viewer, song: Pick<SongOwnership, 'uploaderId'>): boolean {
  return isAdmin(viewer) || (viewer !== null && song.uploaderId === viewer.id);
}

/** Admins edit any song; an artist only their own song, and only while it awaits review. */
export function canEditSong(viewer: NonNullable<Viewer>, song: SongOwnership): boolean {
  return isAdmin(viewer) || (song.uploaderId === viewer.id && song.status === 'pending');
}

/** An admin's upload is approved at once; an artist's waits for an admin's review. */
export function publishesAtOnce(viewer: NonNullable<Viewer>): boolean {
  return isAdmin(viewer);
}

/** An admin's upload is an admin write, audited; an artist's upload waits for review instead. */
export function auditsSongUpload(viewer: NonNullable<Viewer>): boolean {
  return isAdmin(viewer);
}

/** An admin's edit is an admin write, audited; an artist editing their own pending song is not. */
export function auditsSongEdit(viewer: NonNullable<Viewer>): boolean {
  return isAdmin(viewer);
}

/** Moving a song to another category is an admin's change; an artist's edit keeps the category. */
export function canMoveSong(viewer: NonNullable<Viewer>): boolean {
  return isAdmin(viewer);
}
