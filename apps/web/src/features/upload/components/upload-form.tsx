import { MAX_TEXT_LENGTH } from '@ovation/shared/constants';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { AlertIcon } from '../../../components/ui/icons';
import { InlineSpinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast';
import { isolate } from '../../../lib/bidi';
import { formatFileSize } from '../../../lib/format-number';
import { useSession } from '../../../lib/session';
import { useUploadSong } from '../api/use-upload-song';
import { checkCoverFile } from '../cover-file';
import { recognisedLinkKind } from '../song-link';
import {
  buildSongFormData,
  describeUploadFailure,
  EMPTY_UPLOAD_VALUES,
  type ErrorTarget,
  FIELD_ORDER,
  type FieldErrors,
  type FormMessage,
  type UploadField,
  type UploadFormValues,
  validateUploadFields,
} from '../upload-fields';
import { useFormMessage } from '../use-form-message';
import { CoverField } from './cover-field';
import { ExtraFields } from './extra-fields';
import { SongDetailsFields } from './song-details-fields';
import { UploadSteps } from './upload-steps';

/** DOM ids of the controls, so the first invalid one can take the focus. */
const FIELD_IDS: Record<ErrorTarget, string> = {
  image: 'upload-cover',
  title: 'upload-title',
  artist: 'upload-artist',
  category: 'upload-category',
  songLink: 'upload-song-link',
  description: 'upload-description',
  duration: 'upload-duration',
  releaseDate: 'upload-release-date',
  tags: 'upload-tags',
};

function focusField(target: ErrorTarget) {
  const element = document.getElementById(FIELD_IDS[target]);
  if (!element) return;
  // The cover input is visually hidden: bring its drop zone into view, then focus the input.
  if (target === 'image') element.parentElement?.scrollIntoView({ block: 'center' });
  element.focus({ preventScroll: target === 'image' });
}

/** The upload form (the public spec's Upload): cover, details, optional extras; Cancel and Upload Song. */
export function UploadForm({ exitTo }: { exitTo: string }) {
  const { t, i18n } = useTranslation('upload');
  const session = useSession();
  const navigate = useNavigate();
  const renderMessage = useFormMessage();
  const upload = useUploadSong();

  const [values, setValues] = useState<UploadFormValues>(EMPTY_UPLOAD_VALUES);
  const [cover, setCover] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<FormMessage | null>(null);
  const formErrorRef = useRef<HTMLDivElement>(null);
  const abortRef = useRef<AbortController | null>(null);

  // Leaving the page (Cancel, Back) stops an upload in flight.
  useEffect(() => () => abortRef.current?.abort(), []);

  const setError = (target: ErrorTarget, message: FormMessage | undefined) =>
    setErrors((current) => {
      if (current[target] === message) return current;
      const next = { ...current };
      if (message) next[target] = message;
      else delete next[target];
      return next;
    });

  const setValue = (field: UploadField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setError(field, undefined);
    setFormError(null);
  };

  const pickCover = (file: File | null) => {
    setFormError(null);
    if (!file) {
      setCover(null);
      setError('image', undefined);
      return;
    }
    const problem = checkCoverFile(file);
    if (problem === 'coverWrongType') {
      setCover(null);
      setError('image', { ns: 'upload', key: 'cover.wrongType', values: { name: isolate(file.name) } });
    } else if (problem === 'coverTooLarge') {
      setCover(null);
      setError('image', {
        ns: 'upload',
        key: 'cover.tooLarge',
        values: { size: formatFileSize(file.size, i18n.language) },
      });
    } else {
      setCover(file);
      setError('image', undefined);
    }
  };

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = FIELD_ORDER.find((target) => next[target]);
    if (first) requestAnimationFrame(() => focusField(first));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (upload.isPending) return;
    setFormError(null);
    const result = validateUploadFields(values);
    const nextErrors: FieldErrors = result.ok ? {} : { ...result.errors };
    if (errors.image) nextErrors.image = errors.image;
    else if (!cover) nextErrors.image = { ns: 'upload', key: 'cover.required' };
    if (!result.ok || !cover || nextErrors.image) {
      showErrors(nextErrors);
      return;
    }

    const controller = new AbortController();
    abortRef.current = controller;
    try {
      const { data: song } = await upload.mutateAsync({
        body: buildSongFormData(result.fields, cover, cover.name),
        signal: controller.signal,
      });
      showToast(song.status === 'approved' ? t('form.successApproved') : t('form.successPending'), 'success');
      navigate(exitTo);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const failure = describeUploadFailure(error);
      if (Object.keys(failure.fields).length > 0) {
        if (failure.fields.image) setCover(null);
        showErrors(failure.fields);
      }
      if (failure.form) {
        setFormError(failure.form);
        requestAnimationFrame(() => formErrorRef.current?.focus());
      }
    }
  };

  const requiredDone = [
    cover !== null,
    values.title.trim() !== '',
    values.category !== '',
    recognisedLinkKind(values.songLink) !== null,
  ].filter(Boolean).length;
  const message = (target: ErrorTarget) => {
    const entry = errors[target];
    return entry ? renderMessage(entry) : null;
  };
  const uploading = upload.isPending;

  return (
    <form noValidate onSubmit={submit} aria-busy={uploading} className="mt-6 space-y-6">
      <UploadSteps done={requiredDone} total={4} uploading={uploading} progress={upload.progress} />

      <fieldset
        disabled={uploading}
        className="grid gap-6 rounded-3xl border border-white/[0.08] bg-ink-900/80 p-4 sm:p-6 md:grid-cols-[15rem_1fr]"
      >
        <legend className="sr-only">{t('fields.sectionDetails')}</legend>
        <CoverField
          id={FIELD_IDS.image}
          file={cover}
          onPick={pickCover}
          onUnreadable={() => {
            setCover(null);
            setError('image', { ns: 'upload', key: 'cover.unreadable' });
          }}
          error={message('image')}
          disabled={uploading}
        />
        <SongDetailsFields
          ids={FIELD_IDS}
          values={values}
          onChange={setValue}
          message={message}
          artistPlaceholder={session.user?.name ?? ''}
        />
      </fieldset>

      <ExtraFields
        ids={FIELD_IDS}
        values={values}
        onChange={setValue}
        message={message}
        disabled={uploading}
        maxDescription={MAX_TEXT_LENGTH}
      />

      {formError && (
        <div
          ref={formErrorRef}
          role="alert"
          tabIndex={-1}
          className="flex items-start gap-3 rounded-2xl border border-coral-400/50 bg-coral-400/[0.08] p-4 text-coral-200"
        >
          <AlertIcon className="mt-0.5 size-5 shrink-0 text-coral-300" />
          <p className="font-medium text-ink-50">{renderMessage(formError)}</p>
        </div>
      )}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Link to={exitTo} className={buttonClass('secondary', 'lg')}>
          {t('form.cancel')}
        </Link>
        <button type="submit" disabled={uploading} className={buttonClass('primary', 'lg', 'sm:min-w-48')}>
          {uploading && <InlineSpinner />}
          {uploading ? t('form.submitting') : t('form.submit')}
        </button>
      </div>
    </form>
  );
}
