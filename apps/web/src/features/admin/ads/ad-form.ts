import {
  type AdLocation,
  type AdminAd,
  adFieldsSchema,
  DEFAULT_AD_LOCATION,
  MIN_AD_WEIGHT,
} from '@ovation/shared/schemas/ads';
import { type FieldMessageKey, isFieldMessageKey, serverFieldErrors } from '../../../lib/validate';
import type { ImageSource } from '../lib/picture-source';
import type { AdSave } from './api';

/** What the Create / Edit form edits: numbers and dates as typed (inputs hold text). */
export interface AdFormValues {
  title: string;
  description: string;
  targetUrl: string;
  locations: AdLocation[];
  weight: string;
  /** 'YYYY-MM-DD' (a date input's value), a calendar day in the platform's timezone; '' for none. */
  startDate: string;
  endDate: string;
  maxDailyImpressions: string;
  maxTotalImpressions: string;
  source: ImageSource;
  file: File | null;
  /** The chosen library image's filename. */
  libraryImage: string | null;
}

/** The form's fields, as errors name them: the display settings by their own name (`weight`, not `displaySettings.weight`). */
export type AdField =
  | Exclude<keyof AdFormValues, 'file' | 'source' | 'libraryImage'>
  | 'image'
  | 'displaySettings';
export type AdFieldErrors = Partial<Record<AdField, FieldMessageKey>>;

const FORM_FIELDS = new Set<string>([
  'title',
  'description',
  'targetUrl',
  'locations',
  'weight',
  'startDate',
  'endDate',
  'maxDailyImpressions',
  'maxTotalImpressions',
  'image',
  'displaySettings',
]);

/** A whole number as an input shows it. */
const asText = (value: number) => String(value);

/**
 * The form's starting values: the ad's own, or the spec's defaults for a new one (the banner location,
 * weight 1, starting `today`, no end, no caps).
 */
export function formValuesOf(ad: AdminAd | null, today: string): AdFormValues {
  const settings = ad?.displaySettings;
  return {
    title: ad?.title ?? '',
    description: ad?.description ?? '',
    targetUrl: ad?.targetUrl ?? '',
    locations: settings ? [...settings.locations] : [DEFAULT_AD_LOCATION],
    weight: asText(settings?.weight ?? MIN_AD_WEIGHT),
    startDate: settings?.startDate ?? today,
    endDate: settings?.endDate ?? '',
    maxDailyImpressions: asText(settings?.maxDailyImpressions ?? 0),
    maxTotalImpressions: asText(settings?.maxTotalImpressions ?? 0),
    source: ad?.imageSource === 'library' ? 'library' : 'upload',
    file: null,
    libraryImage: null,
  };
}

/** The form field an error path names: `displaySettings.weight` -> `weight`, `libraryImage` -> `image`. */
export function fieldOfPath(path: readonly PropertyKey[]): AdField | null {
  const [first, second] = path.map(String);
  const name = first === 'displaySettings' && second !== undefined ? second : first;
  if (name === 'libraryImage') return 'image';
  return name !== undefined && FORM_FIELDS.has(name) ? (name as AdField) : null;
}

/**
 * Checks the form with the server's own schema (the display settings as the JSON text that is sent), and
 * that a new ad has a picture ('Please select an image file'): the call to make, or one translatable
 * message per field.
 */
export function checkAdForm(
  values: AdFormValues,
  ad: AdminAd | null,
): { ok: true; save: Omit<AdSave, 'onProgress'> } | { ok: false; errors: AdFieldErrors } {
  const errors: AdFieldErrors = {};
  const picture = values.source === 'upload' ? values.file : values.libraryImage;
  // An edit keeps its picture unless a new one is chosen; an ad whose picture was deleted needs one.
  if (!picture && (!ad || ad.imageUrl === null)) errors.image = 'validation.adImageRequired';
  const result = adFieldsSchema.safeParse({
    title: values.title,
    description: values.description,
    targetUrl: values.targetUrl,
    displaySettings: JSON.stringify({
      locations: values.locations,
      weight: values.weight.trim(),
      startDate: values.startDate,
      endDate: values.endDate,
      // An emptied limit is no limit (0), as the hint says.
      maxDailyImpressions: values.maxDailyImpressions.trim() || '0',
      maxTotalImpressions: values.maxTotalImpressions.trim() || '0',
    }),
  });
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = fieldOfPath(issue.path);
      if (field && !errors[field] && isFieldMessageKey(issue.message)) errors[field] = issue.message;
    }
  }
  if (!result.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    save: {
      id: ad?._id ?? null,
      title: result.data.title,
      description: result.data.description,
      targetUrl: result.data.targetUrl,
      displaySettings: result.data.displaySettings,
      file: values.source === 'upload' ? values.file : null,
      libraryImage: values.source === 'library' ? values.libraryImage : null,
    },
  };
}

/**
 * The field errors a refused save carried: the server's validation keys by field (the display settings
 * by their own name), and a missing, refused or too large picture under the picture.
 */
export function serverAdErrors(error: unknown): AdFieldErrors {
  const errors: AdFieldErrors = {};
  for (const { field, key } of serverFieldErrors(error)) {
    const name = fieldOfPath(field.split('.'));
    if (name) errors[name] ??= key;
  }
  const code = (error as { code?: unknown } | null)?.code;
  const status = (error as { status?: unknown } | null)?.status;
  if (code === 'AD_IMAGE_REQUIRED') errors.image = 'validation.adImageRequired';
  else if (code === 'IMAGE_TOO_LARGE' || status === 413) errors.image = 'validation.adFileTooLarge';
  else if (code === 'IMAGE_INVALID' || code === 'IMAGE_NOT_FOUND' || code === 'INVALID_FILENAME')
    errors.image = `errors.${code}` as FieldMessageKey;
  return errors;
}
