import type { Song } from '@ovation/shared';
import { localizeCategory } from '@ovation/shared/category-words';
import { ERROR_CODES, type ErrorCode } from '@ovation/shared/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { Modal } from '../../../components/ui/modal';
import { InlineSpinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { categoriesQuery } from '../../categories/api/use-categories';
import { copySong, songKeys } from '../api/use-songs';

const KNOWN_CODES = new Set<string>(ERROR_CODES);

/**
 * Admin: copy a song into another category. The target is required ('Please select a category'); the
 * server refuses a song with the same title and artist already there, and we show its reason.
 */
export default function CopySongModal({ song, onClose }: { song: Song; onClose: () => void }) {
  const { t, i18n } = useTranslation('songs');
  const { t: tMain } = useTranslation();
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesQuery);
  const [target, setTarget] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const selectId = useId();
  const errorId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) {
      setError(tMain('validation.categoryRequired'));
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await copySong(song._id, target);
      const name = categories.data?.find((category) => category._id === target)?.name ?? '';
      showToast(t('copy.success', { category: name }), 'success');
      void queryClient.invalidateQueries({ queryKey: songKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['categories'] });
      onClose();
    } catch (failure) {
      setError(
        failure instanceof ApiError && KNOWN_CODES.has(failure.code)
          ? tMain(`errors.${failure.code as ErrorCode}`)
          : t('copy.failed'),
      );
    } finally {
      setSaving(false);
    }
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
          <button type="submit" disabled={saving} className={buttonClass('primary', 'md', 'flex-1')}>
            {saving && <InlineSpinner />}
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
