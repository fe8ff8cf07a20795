import { localizeBanner } from '@ovation/shared/category-words';
import { type AdminBanner, MAX_BANNERS } from '@ovation/shared/schemas/admin-media';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { buttonClass } from '../../../components/ui/button-styles';
import { ImageIcon, StrokeIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { accessProblem } from '../../../lib/api-error-message';
import { isolate } from '../../../lib/bidi';
import { useAction } from '../../../lib/use-action';
import { AccessProblem } from '../layout/access-views';
import { PageHeader } from '../layout/page-header';
import { DeletePictureItemDialog } from '../lib/delete-picture-item-dialog';
import {
  adminBannersKeys,
  deleteBanner,
  LIBRARY_KEYS,
  PUBLIC_BANNER_KEYS,
  reorderBanners,
  useAdminBanners,
} from './api';
import { BannerCard, type MoveDirection, moveButtonId } from './banner-card';
import { BannerFormModal } from './banner-form-modal';

const PlusIcon = () => (
  <StrokeIcon strokeWidth={2.5} className="size-4">
    <path d="M12 5v14M5 12h14" />
  </StrokeIcon>
);

/** The form's state: closed, uploading a new banner, or editing one. */
type Editing = { banner: AdminBanner | null } | null;

/** The ids in their new order after moving one banner a place up or down. */
function movedIds(banners: readonly AdminBanner[], id: string, direction: MoveDirection): string[] | null {
  const ids = banners.map((banner) => banner._id);
  const from = ids.indexOf(id);
  const to = direction === 'up' ? from - 1 : from + 1;
  if (from < 0 || to < 0 || to >= ids.length) return null;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  return ids;
}

/**
 * Banner management (the admin spec): the home slideshow's banners as cards in their order, Upload Banner, Edit,
 * Delete (asked first), and Move up / Move down (buttons, so the keyboard reorders as well as the mouse):
 * the new order shows at once and is saved for every banner together (PUT /admin/banners/order).
 */
export default function BannersPage() {
  const { t, i18n } = useTranslation('admin-banners');
  const queryClient = useQueryClient();
  const banners = useAdminBanners();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminBanner | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // After a move the card sits elsewhere in the page: its button keeps the focus (or the other one, at an end).
  const focusAfterMove = useRef<{ id: string; direction: MoveDirection } | null>(null);

  const reorder = useAction({
    action: reorderBanners,
    success: false,
    failure: t('toast.reorderFailed'),
    invalidate: [adminBannersKeys.all, ...PUBLIC_BANNER_KEYS],
    onSuccess: (ordered) => queryClient.setQueryData(adminBannersKeys.list(), ordered),
    // The list is read again (invalidate happens on success only): the order shown is the one stored.
    onError: () => void queryClient.invalidateQueries({ queryKey: adminBannersKeys.all }),
  });

  const remove = useAction({
    action: (banner: AdminBanner) => deleteBanner(banner._id),
    success: t('toast.deleted'),
    failure: t('toast.deleteFailed'),
    invalidate: [adminBannersKeys.all, ...PUBLIC_BANNER_KEYS, ...LIBRARY_KEYS],
    onSuccess: () => setDeleting(null),
    onError: () => setDeleting(null),
  });

  useLayoutEffect(() => {
    const moved = focusAfterMove.current;
    if (!moved) return;
    focusAfterMove.current = null;
    const same = document.getElementById(moveButtonId(moved.id, moved.direction)) as HTMLButtonElement | null;
    const other = document.getElementById(moveButtonId(moved.id, moved.direction === 'up' ? 'down' : 'up'));
    (same && !same.disabled ? same : other)?.focus();
  });

  if (accessProblem(banners.error)) return <AccessProblem error={banners.error} />;

  const list = banners.data ?? [];
  const full = list.length >= MAX_BANNERS;

  const move = (banner: AdminBanner, direction: MoveDirection) => {
    // One move at a time: each sends the whole order, and two in flight could land in either order.
    if (reorder.isPending) return;
    const ids = movedIds(list, banner._id, direction);
    if (!ids) return;
    const byId = new Map(list.map((each) => [each._id, each]));
    // Shown at once; the server's answer (the same order, numbered 0..n-1) replaces it.
    queryClient.setQueryData(
      adminBannersKeys.list(),
      ids.map((id, order) => ({ ...byId.get(id)!, order })),
    );
    focusAfterMove.current = { id: banner._id, direction };
    setAnnouncement(
      t('card.moved', {
        name: isolate(localizeBanner(banner, i18n.language).title),
        position: ids.indexOf(banner._id) + 1,
        total: ids.length,
      }),
    );
    reorder.mutate(ids);
  };

  const uploadButton = (
    <button
      type="button"
      onClick={() => setEditing({ banner: null })}
      disabled={full}
      className={buttonClass('primary', 'md')}
    >
      <PlusIcon />
      {t('upload')}
    </button>
  );
  const deletingTitle = deleting ? localizeBanner(deleting, i18n.language).title : '';

  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} back actions={uploadButton} />

      <section aria-labelledby="admin-banners-heading">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="admin-banners-heading" className="text-xl font-bold text-ink-50">
            {t('list.heading')}
          </h2>
          {banners.data && (
            <p className={`text-sm ${full ? 'font-semibold text-coral-200' : 'text-ink-400'}`}>
              {full
                ? t('list.full', { max: MAX_BANNERS })
                : t('list.count', { count: list.length, max: MAX_BANNERS })}
            </p>
          )}
        </div>
        <p className="mb-5 max-w-2xl text-sm text-ink-300">{t('list.orderHint')}</p>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>

        {banners.isPending ? (
          <ul aria-hidden="true" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 3 }, (_, index) => (
              <li key={index} className="h-96 animate-pulse rounded-2xl bg-white/[0.05]" />
            ))}
          </ul>
        ) : banners.isError ? (
          <LoadFailed message={t('list.loadFailed')} onRetry={() => void banners.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState
            icon={<ImageIcon />}
            title={t('list.emptyTitle')}
            description={t('list.emptyText')}
            action={uploadButton}
          />
        ) : (
          <ol className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {list.map((banner, position) => (
              <li key={banner._id} className="min-w-0">
                <BannerCard
                  banner={banner}
                  position={position}
                  total={list.length}
                  moving={reorder.isPending}
                  onMove={move}
                  onEdit={(chosen) => setEditing({ banner: chosen })}
                  onDelete={setDeleting}
                />
              </li>
            ))}
          </ol>
        )}
      </section>

      <BannerFormModal
        open={editing !== null}
        banner={editing?.banner ?? null}
        onClose={() => setEditing(null)}
      />

      <DeletePictureItemDialog
        item={deleting}
        name={deletingTitle}
        t={t}
        busy={remove.isPending}
        onConfirm={(banner) => remove.mutate(banner)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
