import type { Role } from '@ovation/shared';

/** Who is asking: null for a guest. Services decide what each viewer may see from this. */
export type Viewer = {
  id: string;
  role: Role;
  emailVerified: boolean;
  /** The language saved in the profile: API messages are answered in it. */
  language?: string;
} | null;

export const isAdmin = (viewer: Viewer) => viewer?.role === 'admin';
