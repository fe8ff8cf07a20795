import { ADMIN_AD_SORTS, type AdminAd } from '@ovation/shared/schemas/ads';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { FilterBar } from '../../../components/data/filter-bar';
import { buttonClass } from '../../../components/ui/button-styles';
import { PlusIcon } from '../../../components/ui/icons';
import { accessProblem } from '../../../lib/api-error-message';
import { useAction } from '../../../lib/use-action';
import { useListParams } from '../../../lib/use-list-params';
import { AccessProblem } from '../layout/access-views';
import { SCREEN_ICONS } from '../layout/admin-icons';
import { ListSection } from '../layout/list-section';
import { listSortParams, listSortProps } from '../layout/list-sort';
import { listSectionTexts, searchFilterProps } from '../layout/list-texts';
import { PageHeader } from '../layout/page-header';
import { useAdStatFormats } from '../lib/ad-stat-formats';
import { DeletePictureItemDialog } from '../lib/delete-picture-item-dialog';
import { AdAnalyticsModal } from './ad-analytics-modal';
import { AdFormModal } from './ad-form-modal';
import { AdsTable } from './ads-table';
import {
  AD_STATUS_FILTERS,
  type AdStatusFilter,
  AFFECTED_BY_AD_WRITE,
  deleteAd,
  toggleAd,
  useAdminAds,
} from './api';

/** The list's filters, kept in the URL (Back, reload and a shared link keep them). */
const AD_SORT = listSortParams(ADMIN_AD_SORTS);
const LIST_DEFAULTS = { page: 1, search: '', status: 'all' as AdStatusFilter, ...AD_SORT.defaults };
const LIST_CHOICES = { status: AD_STATUS_FILTERS, ...AD_SORT.choices };

const AdsIcon = SCREEN_ICONS.ads;

/** The form's state: closed, creating a new ad, or editing one. */
type Editing = { ad: AdminAd | null } | null;

/**
 * Ad management (the admin spec): the ads a page at a time, searchable and filtered by status in the
 * URL; Create Ad and Edit in one form, View analytics, Activate/Deactivate, and Delete (asked first).
 */
export default function AdsPage() {
  const { t } = useTranslation('admin-ads');
  const { t: tShell } = useTranslation();
  const formats = useAdStatFormats();
  const { params, setParams, applyFilters, reset } = useListParams(LIST_DEFAULTS, LIST_CHOICES);
  const list = useAdminAds(params);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminAd | null>(null);
  const [viewing, setViewing] = useState<AdminAd | null>(null);

  const toggle = useAction({
    action: (ad: AdminAd) => toggleAd(ad._id),
    // Which way it went, from the answer's ad, in the language on screen (the server's message follows
    // the profile's language, which may differ).
    success: (result) => tShell(result.data.isActive ? 'success.adActivated' : 'success.adDeactivated'),
    failure: t('toast.toggleFailed'),
    invalidate: AFFECTED_BY_AD_WRITE,
  });
  const remove = useAction({
    action: (ad: AdminAd) => deleteAd(ad._id),
    success: tShell('success.adDeleted'),
    failure: t('toast.deleteFailed'),
    invalidate: AFFECTED_BY_AD_WRITE,
    onSuccess: () => setDeleting(null),
    onError: () => setDeleting(null),
  });

  if (accessProblem(list.error)) return <AccessProblem error={list.error} />;

  const filtered = params.search !== '' || params.status !== 'all';
  const createButton = (
    <button type="button" onClick={() => setEditing({ ad: null })} className={buttonClass('primary', 'md')}>
      <PlusIcon className="size-4" />
      {t('create')}
    </button>
  );

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} back actions={createButton} />

      <div className="flex flex-col gap-6">
        <FilterBar
          {...searchFilterProps(t, params.search, applyFilters, reset)}
          selects={[
            {
              name: 'status',
              label: t('filters.status'),
              value: params.status,
              options: AD_STATUS_FILTERS.map((value) => ({ value, label: t(`filters.statuses.${value}`) })),
            },
          ]}
        />

        <ListSection {...listSectionTexts(t, 'table')} query={list} onPage={(page) => setParams({ page })}>
          <AdsTable
            rows={list.data?.ads}
            loading={list.isPlaceholderData}
            formats={formats}
            {...listSortProps(params, setParams)}
            actions={{
              onAnalytics: setViewing,
              onEdit: (ad) => setEditing({ ad }),
              onToggle: (ad) => toggle.mutate(ad),
              onDelete: setDeleting,
              togglingId: toggle.isPending ? (toggle.variables?._id ?? null) : null,
            }}
            empty={
              filtered ? (
                <EmptyState
                  icon={<AdsIcon />}
                  title={t('table.emptyFilteredTitle')}
                  description={t('table.emptyFiltered')}
                  clear={{ label: t('filters.clear'), onClear: reset }}
                />
              ) : (
                <EmptyState
                  icon={<AdsIcon />}
                  title={t('table.emptyTitle')}
                  description={t('table.emptyText')}
                  action={createButton}
                />
              )
            }
          />
        </ListSection>
      </div>

      <AdFormModal open={editing !== null} ad={editing?.ad ?? null} onClose={() => setEditing(null)} />

      <AdAnalyticsModal ad={viewing} formats={formats} onClose={() => setViewing(null)} />

      <DeletePictureItemDialog
        item={deleting}
        name={deleting?.title ?? ''}
        t={t}
        busy={remove.isPending}
        onConfirm={(ad) => remove.mutate(ad)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
