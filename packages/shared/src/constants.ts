/** Business constants shared by the server and the web app (the public spec, the admin spec). */

/** Voting period the client falls back to when the status call fails (the public spec). */
export const DEFAULT_VOTING_PERIOD = {
  startDate: '2025-09-10T20:00:00.000Z',
  endDate: '2025-11-28T23:59:59.000Z',
} as const;

/** The songs page shows 12 songs a page (the public spec). */
export const SONGS_PAGE_SIZE = 12;
/** Default page size of list calls when the client names none; 50 is the most one page may ask for. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;
/** The home page shows up to 6 categories and up to 8 featured songs. */
export const HOME_CATEGORY_COUNT = 6;
export const HOME_FEATURED_SONG_COUNT = 8;
/** Admin lists page by 20 (the admin spec). */
export const ADMIN_PAGE_SIZE = 20;

/** 5 MiB: the spec's limit on every image upload. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** 500 characters: the spec's limit on descriptions, bios and voting notes. */
export const MAX_TEXT_LENGTH = 500;
export const MIN_PASSWORD_LENGTH = 6;
export const MIN_NAME_LENGTH = 2;
export const OTP_LENGTH = 6;
/** Seconds a user must wait before asking for another verification code. */
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
/** Minutes without activity after which a session ends, on the client and on the server. */
export const SESSION_INACTIVITY_MINUTES = 30;

/** The hero slideshow advances every 5 seconds. */
export const BANNER_ROTATION_MS = 5000;
/** Default duration text when a song has none. */
export const DEFAULT_DURATION = '3:45';

export const ROLES = ['fan', 'artist', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** Roles a visitor may choose at registration: admin is never accepted from a client. */
export const SELF_SERVICE_ROLES = ['fan', 'artist'] as const;

export const CATEGORY_TYPES = ['continental', 'regional'] as const;
export type CategoryType = (typeof CATEGORY_TYPES)[number];
export const REGIONS = [
  'West Africa',
  'East Africa',
  'Southern Africa',
  'North Africa',
  'Central Africa',
] as const;

export const SONG_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type SongStatus = (typeof SONG_STATUSES)[number];

/** Media kinds recognised from a song link (the public spec). */
export const LINK_KINDS = [
  'youtube',
  'vimeo',
  'spotify',
  'audiomack',
  'soundcloud',
  'apple-music',
  'mp3',
  'other',
] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/** Cover image widths the server renders, in pixels: card thumbnails, cards on wide screens, detail hero. */
export const COVER_WIDTHS = [160, 320, 640] as const;

/**
 * The legal documents' current versions and dates, which the legal pages show. Registration records the
 * acceptance of both; raising a version asks every signed-in user to accept the new one.
 */
export const LEGAL_DOCUMENTS = {
  terms: { version: 1, date: '2025-09-01' },
  privacy: { version: 1, date: '2025-09-01' },
} as const;
export type LegalDocument = keyof typeof LEGAL_DOCUMENTS;
export const LEGAL_DOCUMENT_NAMES = Object.keys(LEGAL_DOCUMENTS) as LegalDocument[];

/** Retention figures stated on the legal pages (the public spec). */
export const RETENTION = {
  accountDeletionDays: 30,
  votingRecordsYears: 3,
  analyticsYears: 2,
  securityLogsYears: 1,
  backupDeletionDays: 90,
  userRequestDays: 30,
  breachNoticeHours: 72,
} as const;

/**
 * The longest an organiser may keep the admins' audit entries (the platform setting
 * `retentionSettings.adminAuditRetentionYears`, 1 to 10 years): a bound keeps "kept longer" from meaning
 * "kept forever", which the privacy policy could not promise.
 */
export const MAX_ADMIN_AUDIT_RETENTION_YEARS = 10;

/**
 * Why voting is open or closed now, as the voting status sends it (`reasonCode`): the client translates the
 * code and decides on it, never on words.
 */
export const VOTING_REASON_CODES = ['active', 'disabled', 'notStarted', 'ended'] as const;
export type VotingReasonCode = (typeof VOTING_REASON_CODES)[number];

/**
 * The English sentence of each reason, sent beside the code as `reason` for clients written against the
 * sentence. Nothing in this codebase reads or compares it.
 */
export const VOTING_REASONS = {
  notStarted: 'Voting has not started yet',
  disabled: 'Voting is disabled by administrator',
  active: 'Voting is active',
  ended: 'Voting period has ended',
} as const satisfies Record<VotingReasonCode, string>;

/** How often the web app sends its presence heartbeat while the tab is visible and the user active. */
export const PRESENCE_HEARTBEAT_SECONDS = 60;
