import { localizeCategory } from '@ovation/shared/category-words';
import { ADMIN_CATEGORY_SORTS } from '@ovation/shared/schemas/admin-categories';
import type { Category } from '@ovation/shared/schemas/catalog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { Pager } from '../../../components/data/pager';
import { SortBar } from '../../../components/data/sort-bar';
import { StatTiles } from '../../../components/data/stat-tiles';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { buttonClass } from '../../../components/ui/button-styles';
import { BallotIcon, BarChartIcon, GridIcon, MusicIcon, StrokeIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { accessProblem } from '../../../lib/api-error-message';
import { useAction } from '../../../lib/use-action';
import { useListParams } from '../../../lib/use-list-params';
import { AccessProblem } from '../layout/access-views';
import { listSortParams, listSortProps } from '../layout/list-sort';
import { PageHeader } from '../layout/page-header';
import {
  adminCategoriesKeys,
  deleteCategory,
  PUBLIC_CATEGORY_KEYS,
  useAdminCategories,
  useCategoryStats,
} from './api';
import { CategoryAdminCard } from './category-admin-card';
import { CategoryFormModal } from './category-form-modal';

const PlusIcon = () => (
  <StrokeIcon strokeWidth={2.5} className="size-4">
    <path d="M12 5v14M5 12h14" />
  </StrokeIcon>
);

/** The list's page and sort, kept in the URL (Back, reload and a shared link keep them). */
const CATEGORY_SORT = listSortParams(ADMIN_CATEGORY_SORTS, 'asc');
const LIST_DEFAULTS = { page: 1, ...CATEGORY_SORT.defaults };
const SORT_LABELS = {
  sortOrder: 'sort.sortOrder',
  name: 'sort.name',
  songCount: 'sort.songCount',
  totalVotes: 'sort.totalVotes',
} as const;

/** The form's state: closed, adding a category, or editing one. */
type Editing = { category: Category | null } | null;

/** Category management (the admin spec): tiles, the category cards, Add/Edit and Delete. */
export default function AdminCategoriesPage() {
  const { t, i18n } = useTranslation('admin-categories');
  const { params, setParams } = useListParams(LIST_DEFAULTS, CATEGORY_SORT.choices);
  const categories = useAdminCategories(params);
  const stats = useCategoryStats();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const average = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });

  const remove = useAction({
    action: (category: Category) => deleteCategory(category._id),
    success: t('toast.deleted'),
    failure: t('toast.deleteFailed'),
    invalidate: [adminCategoriesKeys.all, ...PUBLIC_CATEGORY_KEYS],
    onSuccess: () => setDeleting(null),
  });

  if (accessProblem(categories.error)) return <AccessProblem error={categories.error} />;

  const list = categories.data?.categories ?? [];
  const pagination = categories.data?.pagination;
  const maxVotes = Math.max(0, ...list.map((category) => category.totalVotes ?? 0));
  const addButton = (
    <button
      type="button"
      onClick={() => setEditing({ category: null })}
      className={buttonClass('primary', 'md')}
    >
      <PlusIcon />
      {t('add')}
    </button>
  );
  const deletingName = deleting ? localizeCategory(deleting, i18n.language).name : '';
  const deletingSongs = deleting?.songCount ?? 0;
  const deletingVotes = deleting?.totalVotes ?? 0;

  return (
    <div>
      <PageHeader title={t('title')} description={t('description')} back actions={addButton} />

      <StatTiles
        tiles={[
          { key: 'total', label: t('stats.total'), value: stats.data?.total, icon: <GridIcon /> },
          { key: 'songs', label: t('stats.songs'), value: stats.data?.totalSongs, icon: <MusicIcon /> },
          { key: 'votes', label: t('stats.votes'), value: stats.data?.totalVotes, icon: <BallotIcon /> },
          {
            key: 'average',
            label: t('stats.average'),
            value: stats.data?.avgSongsPerCategory,
            display: stats.data === undefined ? undefined : average.format(stats.data.avgSongsPerCategory),
            icon: <BarChartIcon />,
          },
        ]}
      />

      <section aria-labelledby="admin-categories-heading" className="mt-8">
        <h2 id="admin-categories-heading" className="mb-4 text-xl font-bold text-ink-50">
          {t('list.heading')}
        </h2>
        <SortBar
          className="mb-4"
          options={ADMIN_CATEGORY_SORTS.map((key) => ({ key, label: t(SORT_LABELS[key]) }))}
          {...listSortProps(params, setParams)}
        />
        {categories.isPending ? (
          <ul aria-hidden="true" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <li key={index} className="h-64 animate-pulse rounded-2xl bg-white/[0.05]" />
            ))}
          </ul>
        ) : categories.isError ? (
          <LoadFailed message={t('list.loadFailed')} onRetry={() => void categories.refetch()} />
        ) : list.length === 0 ? (
          <EmptyState
            title={t('list.emptyTitle')}
            description={t('list.emptyText')}
            icon={<GridIcon />}
            action={addButton}
          />
        ) : (
          <ul
            aria-busy={categories.isPlaceholderData || undefined}
            className={`grid gap-4 md:grid-cols-2 xl:grid-cols-3 ${categories.isPlaceholderData ? 'opacity-70' : ''}`}
          >
            {list.map((category) => (
              <li key={category._id}>
                <CategoryAdminCard
                  category={category}
                  maxVotes={maxVotes}
                  onEdit={(chosen) => setEditing({ category: chosen })}
                  onDelete={setDeleting}
                />
              </li>
            ))}
          </ul>
        )}
        {pagination && (
          <Pager
            page={pagination.page}
            pages={pagination.pages}
            onPage={(page) => setParams({ page })}
            className="mt-6"
          />
        )}
      </section>

      <CategoryFormModal
        open={editing !== null}
        category={editing?.category ?? null}
        onClose={() => setEditing(null)}
      />

      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        description={t('delete.text', { name: `\u2068${deletingName}\u2069` })}
        confirmLabel={t('delete.confirm')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {(deletingSongs > 0 || deletingVotes > 0) && (
          <p
            role="note"
            className="mt-4 rounded-xl bg-coral-500/10 p-3 text-sm text-coral-200 ring-1 ring-coral-400/30"
          >
            {t('delete.notEmpty', {
              songs: t('card.songs', { count: deletingSongs }),
              votes: t('card.votes', { count: deletingVotes }),
            })}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
