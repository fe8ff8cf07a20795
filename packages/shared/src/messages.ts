/**
 * Every error the API can answer, by stable code, with the English text the server sends. The web app
 * shows `errors.<CODE>` from its catalogs in the user's language; a test checks en.json matches these.
 */
export const ERROR_MESSAGES = {
  BAD_REQUEST: 'Invalid request. Please check your input.',
  VALIDATION_ERROR: 'Invalid request. Please check your input.',
  INVALID_JSON: 'The request body is not valid JSON',
  INVALID_CHARACTERS: 'The request contains characters that cannot be saved.',
  UNAUTHORIZED: 'Please log in to continue.',
  SESSION_EXPIRED: 'Session Expired. Your session has expired due to inactivity.',
  FORBIDDEN: 'You do not have permission to do this.',
  ADMIN_ONLY: 'Only administrators can access this page.',
  NOT_FOUND: 'Not found',
  ROUTE_NOT_FOUND: 'Route not found',
  SONG_NOT_FOUND: "The song you're looking for doesn't exist",
  CATEGORY_NOT_FOUND: "The category you're looking for doesn't exist",
  MOST_VOTED_ADMIN_ONLY: 'Sorting by votes is only available to administrators',
  CONFLICT: 'This conflicts with existing data.',
  PAYLOAD_TOO_LARGE: 'The request is too large',
  UNSUPPORTED_MEDIA_TYPE: 'This content type is not supported',
  TOO_MANY_REQUESTS: 'Too many requests. Please try again later.',
  SERVICE_UNAVAILABLE: 'The service is unavailable. Please try again later.',
  INTERNAL_ERROR: 'Server error. Please try again later.',
  // Accounts (spec 1 sections 5, 6 and 8)
  EMAIL_TAKEN: 'An account with this email already exists. Please log in instead.',
  DISPOSABLE_EMAIL:
    'Temporary or disposable email addresses are not allowed. Please use a permanent email address.',
  REGISTRATION_CLOSED: 'Registration is currently closed.',
  INVALID_CREDENTIALS: 'Invalid credentials',
  EMAIL_NOT_VERIFIED: 'Please verify your email to continue.',
  ACCOUNT_DEACTIVATED: 'Account has been deactivated',
  TOO_MANY_LOGIN_ATTEMPTS: 'Too many login attempts. Please try again in 15 minutes.',
  INVALID_OTP: 'Invalid OTP. Please try again.',
  OTP_EXPIRED: 'This code has expired. Please request a new one.',
  OTP_TOO_MANY_ATTEMPTS: 'Too many wrong codes. Please request a new one.',
  OTP_RESEND_TOO_SOON: 'Please wait before requesting another code.',
  ALREADY_VERIFIED: 'This email is already verified. Please log in.',
  WRONG_PASSWORD: 'Your current password is incorrect.',
  CAPTCHA_REQUIRED: 'Please complete the CAPTCHA verification',
  CAPTCHA_FAILED: 'CAPTCHA verification failed',
  SOCIAL_LOGIN_DISABLED: 'This sign-in method is not available.',
  // Voting (spec 1 sections 4 and 8)
  LOGIN_TO_VOTE: 'Please login to vote for songs.',
  ONLY_FANS_CAN_VOTE: 'Only fans can vote for songs. Please login with a fan account.',
  VERIFY_EMAIL_TO_VOTE: 'Please verify your email to vote.',
  VOTING_NOT_STARTED: 'Voting has not started yet',
  VOTING_DISABLED: 'Voting is disabled by administrator',
  VOTING_ENDED: 'Voting period has ended',
  ALREADY_VOTED_IN_CATEGORY_TODAY:
    'You have already voted in this category today. You can vote again in 24 hours.',
  CATEGORY_VOTES_USED: 'You have used all your votes in this category for this voting period.',
  ALREADY_VOTED_FOR_SONG:
    'You have already voted for this song. You can vote for it again when your votes renew.',
  CAPTCHA_REQUIRED_TO_VOTE: 'Please complete the CAPTCHA verification to vote',
  // Songs and uploads (spec 1 sections 5 and 8)
  IMAGE_REQUIRED: 'Please select an album cover',
  IMAGE_INVALID: 'The file must be a JPEG, PNG, GIF or WebP image.',
  IMAGE_TOO_LARGE: 'The image must be 5 MB or smaller.',
  DUPLICATE_SONG_IN_CATEGORY: 'A song with the same title and artist already exists in that category.',
  CANNOT_DELETE_SONG: 'You can only delete your own songs.',
  // Admin back-office (spec 2 sections 5 and 8)
  SONG_ALREADY_MODERATED:
    'This song was already moderated by another admin. The list now shows its current status.',
  SONG_EDIT_CONFLICT:
    'This song was changed by someone else after you opened it. Reopen it to see the changes, then try again.',
  SONG_NOT_EDITABLE: 'You can only edit your own songs while they await approval.',
  USER_NOT_FOUND: 'This user does not exist.',
  CANNOT_CHANGE_OWN_ACCOUNT: 'You cannot deactivate your own account or remove your own admin role.',
  LAST_ADMIN: 'The platform needs at least one active admin. Make another user an admin first.',
  CATEGORY_NAME_TAKEN: 'A category with this name already exists.',
  CATEGORY_NOT_EMPTY:
    'This category still has songs or votes. Move or delete its songs first, then delete the category.',
  INVALID_CSV_FILE: 'Please select a valid CSV file',
  NO_VALID_SONGS: 'No valid songs found in the file',
  BULK_UPLOAD_TOO_LARGE: 'A bulk upload takes at most 5,000 songs. Split the file and upload each part.',
  BULK_UPLOAD_FILE_TOO_LARGE:
    'The file is too large: a bulk upload takes at most 8 MB. Split the file and upload each part.',
  UNKNOWN_CATEGORY: 'No category has this name or id. Use a category name from the template.',
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;
export const ERROR_CODES = Object.keys(ERROR_MESSAGES) as ErrorCode[];

/**
 * Field validation messages by key, with their English text. Shared schemas carry `validation.<key>`
 * as their message, so forms translate it and the server answers the English text.
 */
export const VALIDATION_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be at most 100 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please provide a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  countryRequired: 'Country is required',
  countryInvalid: 'Please choose a country from the list',
  stateRequired: 'State/Province is required',
  stateInvalid: 'Please choose a state or province from the list',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters',
  passwordTooLong: 'Password must be at most 128 characters',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  roleInvalid: 'Role must be fan or artist',
  otpInvalid: 'Please enter a valid 6-digit OTP',
  otpIncomplete: 'Please enter the complete 6-digit code',
  bioTooLong: 'Bio must be at most 500 characters',
  captchaRequired: 'Please complete the CAPTCHA verification',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be at most 200 characters',
  artistTooLong: 'Artist must be at most 200 characters',
  categoryRequired: 'Please select a category',
  songLinkRequired: 'Song link is required',
  songLinkInvalid: 'Please enter a valid http(s) link',
  descriptionTooLong: 'Description must be at most 500 characters',
  durationInvalid: 'Duration looks like 3:45',
  releaseDateInvalid: 'Please enter a valid date',
  tagsTooMany: 'Use at most 10 tags',
  dateInvalid: 'Please enter a valid date and time',
  startBeforeEnd: 'Start date must be before end date',
  timezoneInvalid: 'Please choose a timezone from the list',
  notesTooLong: 'Notes must be at most 500 characters',
  maxVotesPerUserInvalid: 'Max votes per user must be a whole number from 1 to 1000',
  dailyVotesPerCategoryInvalid: 'Daily votes per category must be a whole number from 1 to 100',
  // Admin back-office
  reasonTooLong: 'The reason must be at most 500 characters',
  categoryNameRequired: 'Category name is required',
  categoryNameTooLong: 'Category name must be at most 100 characters',
  categoryTypeInvalid: 'Type must be continental or regional',
  colorInvalid: 'Colour must look like #3B82F6',
  iconInvalid: 'Icon must be one emoji or a few characters',
  sortOrderInvalid: 'Sort order must be a whole number',
  regionInvalid: 'Please choose a region from the list',
  roleChoiceInvalid: 'Role must be fan, artist or admin',
  userStatusInvalid: 'isActive must be true or false',
  exportFormatInvalid: 'The export format must be excel',
  artistRequired: 'Artist is required',
  albumCoverInvalid: 'Album cover must be a valid http(s) link or an uploaded image',
  dateRangeInvalid: 'The end date must be on or after the start date',
  auditActionInvalid: 'Please choose an action from the list',
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** The message a shared schema carries: `validation.<key>`. */
export function validationMessage(key: ValidationMessageKey) {
  return `validation.${key}` as const;
}

/** The English text of a schema message; messages that are not ours pass through. */
export function describeValidationMessage(message: string): string {
  const key = message.startsWith('validation.') ? message.slice('validation.'.length) : '';
  return (VALIDATION_MESSAGES as Record<string, string>)[key] ?? message;
}
