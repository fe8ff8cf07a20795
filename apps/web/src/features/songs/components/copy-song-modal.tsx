import type { Song } from '@ovation/shared';
import { localizeCategory } from '@ovation/shared/category-words';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { Modal } from '../../../components/ui/modal';
import { InlineSpinner } from '../../../components/ui/spinner';
import { categoriesQuery } from '../../../domain/categories/api/use-categories';
import { copySong, songKeys } from '../../../domain/songs/api/use-songs';
import { usePublicAction } from '../../../lib/use-action';

/**
 * Admin: copy a song into another category. The target is required ('Please select a category'); the
 * server refuses a song with the same title and artist already there, and we show its reason.
 */
export default function CopySongModal({ song, onClose }: { song: Song; onClose: () => void }) {
  const { t, i18n } = useTranslation('songs');
  const { t: tMain } = useTranslation();
  const categories = useQuery(categoriesQuery);
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const errorId = useId();

  const copy = usePublicAction({
    action: (categoryId: string) => copySong(song._id, categoryId),
    success: (_, categoryId) =>
      t('copy.success', {
        category: categories.data?.find((category) => category._id === categoryId)?.name ?? '',
      }),
    failure: t('copy.failed'),
    invalidate: [songKeys.all, ['categories']],
    // The dialog stays open on a failure (a toast would sit under its backdrop): the reason shows in it.
    toastOnError: false,
    onSuccess: onClose,
    onError: (_, message) => setError(message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target) {
      setError(tMain('validation.categoryRequired'));
      return;
    }
    setError(null);
    copy.mutate(target);
  };

  const choices = (categories.data ?? []).filter((category) => category._id !== song.category._id);
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      title={t('copy.title')}
      description={<bdi>{`${song.title} · ${song.artist}`}</bdi>}
    >
      <form onSubmit={submit} noValidate className="mt-5 flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <label htmlFor={selectId} className="text-sm font-semibold text-ink-100">
            {t('copy.target')}
          </label>
          <select
            id={selectId}
            value={target}
            onChange={(event) => {
              setTarget(event.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            disabled={categories.isPending}
            className="min-h-12 rounded-xl border border-white/15 bg-ink-950 px-3 text-ink-50 focus:border-gold-400"
          >
            <option value="">{t('copy.choose')}</option>
            {choices.map((category) => (
              <option key={category._id} value={category._id}>
                {category.icon} {localizeCategory(category, i18n.language).name}
              </option>
            ))}
          </select>
          {categories.isError && <p className="text-sm text-coral-300">{t('copy.categoriesFailed')}</p>}
          {error && (
            <p id={errorId} role="alert" className="text-sm text-coral-300">
              {error}
            </p>
          )}
        </div>
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <button type="submit" disabled={copy.isPending} className={buttonClass('primary', 'md', 'flex-1')}>
            {copy.isPending && <InlineSpinner />}
            {t('copy.submit')}
          </button>
          <button type="button" onClick={onClose} className={buttonClass('secondary', 'md', 'flex-1')}>
            {t('copy.cancel')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
