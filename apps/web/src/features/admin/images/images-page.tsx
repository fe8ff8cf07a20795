import {
  type AdminImage,
  IMAGE_SOURCE_FILTERS,
  type ImageSourceFilter,
} from '@ovation/shared/schemas/admin-media';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { FilterBar } from '../../../components/data/filter-bar';
import { buttonClass } from '../../../components/ui/button-styles';
import { ImageIcon, RefreshIcon, StrokeIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { showToast, TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '../../../components/ui/toast';
import { accessProblem } from '../../../lib/api-error-message';
import { useListParams } from '../../../lib/use-list-params';
import { AccessProblem } from '../layout/access-views';
import { ListSection } from '../layout/list-section';
import { PageHeader } from '../layout/page-header';
import { useAdminImages } from './api';
import { copyText } from './copy-text';
import { DeleteImageDialogs, type DeletingImage } from './delete-image-dialogs';
import { ImageCard } from './image-card';
import { ImagePreviewModal } from './image-preview-modal';
import { UploadImageModal } from './upload-image-modal';

/** Every source by default: the banners' and ads' own pictures are listed beside the library's, with where they show. */
const LIST_DEFAULTS = { page: 1, search: '', source: 'all' as ImageSourceFilter };
const LIST_CHOICES = { source: IMAGE_SOURCE_FILTERS };

const UploadIcon = () => (
  <StrokeIcon strokeWidth={2.25} className="size-4">
    <path d="M12 16V4M7 9l5-5 5 5M4 20h16" />
  </StrokeIcon>
);

/**
 * Image management (the admin spec): the image library of banners, ads and song covers. Upload (drag and drop or
 * browse, preview, type and 5 MB checks), the newest images first, 20 a page, searchable by file name;
 * each with Copy URL, a preview with its details and where it is used, and Delete (which says what will
 * lose its picture first). Non-admins get 'Only administrators can access this page.'.
 */
export default function ImagesPage() {
  const { t } = useTranslation('admin-images');
  const { params, setParams, applyFilters, reset } = useListParams(LIST_DEFAULTS, LIST_CHOICES);
  const images = useAdminImages(params);
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState<AdminImage | null>(null);
  const [deleting, setDeleting] = useState<DeletingImage | null>(null);

  // The last image of the last page was deleted: step back to the page that now is the last.
  const lastPage = images.data?.pagination.pages;
  useEffect(() => {
    if (lastPage !== undefined && params.page > Math.max(1, lastPage)) {
      setParams({ page: Math.max(1, lastPage) }, { replace: true });
    }
  }, [lastPage, params.page, setParams]);

  if (accessProblem(images.error)) return <AccessProblem error={images.error} reason="administratorsOnly" />;

  const copy = async (image: AdminImage) => {
    if (await copyText(image.fullUrl)) showToast(t('toast.copied'), 'success', TOAST_SUCCESS_MS);
    else showToast(t('toast.copyFailed'), 'error', TOAST_ERROR_MS);
  };
  const startDeleting = (image: AdminImage) => {
    setPreviewing(null);
    setDeleting({ image, usage: null });
  };

  const list = images.data?.images;
  const pagination = images.data?.pagination;
  const uploadButton = (
    <button type="button" onClick={() => setUploading(true)} className={buttonClass('primary', 'md')}>
      <UploadIcon />
      {t('upload')}
    </button>
  );

  return (
    <div>
      <PageHeader
        title={t('title')}
        description={t('description')}
        back
        actions={
          <>
            <button
              type="button"
              onClick={() => void images.refetch()}
              disabled={images.isFetching}
              aria-busy={images.isFetching || undefined}
              className={buttonClass('secondary', 'md')}
            >
              <RefreshIcon className={`size-4 ${images.isFetching ? 'animate-spin-slow' : ''}`} />
              {t('refresh')}
            </button>
            {uploadButton}
          </>
        }
      />

      <FilterBar
        search={{ label: t('search.label'), placeholder: t('search.placeholder'), value: params.search }}
        selects={[
          {
            name: 'source',
            label: t('source.label'),
            value: params.source,
            options: IMAGE_SOURCE_FILTERS.map((value) => ({ value, label: t(`source.${value}`) })),
          },
        ]}
        onApply={applyFilters}
        onClear={reset}
        applyLabel={t('search.apply')}
      />

      <ListSection
        title={t('list.heading')}
        count={pagination && t('list.count', { count: pagination.total })}
        pagination={pagination}
        onPage={(page) => setParams({ page })}
        className="mt-8"
      >
        {images.isPending ? (
          <ul
            aria-hidden="true"
            className="grid gap-3 sm:grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] sm:gap-4"
          >
            {Array.from({ length: 10 }, (_, index) => (
              <li
                key={index}
                className="h-36 animate-pulse rounded-2xl bg-white/[0.05] sm:h-auto sm:aspect-[3/4]"
              />
            ))}
          </ul>
        ) : images.isError ? (
          <LoadFailed message={t('list.loadFailed')} onRetry={() => void images.refetch()} />
        ) : list && list.length > 0 ? (
          <ul
            className={`grid gap-3 transition-opacity sm:grid-cols-[repeat(auto-fill,minmax(13rem,1fr))] sm:gap-4 ${
              images.isPlaceholderData ? 'opacity-60' : ''
            }`}
          >
            {list.map((image) => (
              <li key={image.filename} className="min-w-0">
                <ImageCard
                  image={image}
                  onPreview={setPreviewing}
                  onCopy={(chosen) => void copy(chosen)}
                  onDelete={startDeleting}
                />
              </li>
            ))}
          </ul>
        ) : params.search ? (
          <EmptyState
            icon={<ImageIcon />}
            title={t('list.noMatchTitle', { search: params.search })}
            description={t('list.noMatchText')}
            action={
              <button type="button" onClick={reset} className={buttonClass('secondary', 'md')}>
                {t('search.clear')}
              </button>
            }
          />
        ) : (
          <EmptyState
            icon={<ImageIcon />}
            title={t('list.emptyTitle')}
            description={t('list.emptyText')}
            action={uploadButton}
          />
        )}
      </ListSection>

      <UploadImageModal
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={() => {
          // The new image is the newest: it shows first on the first page of the whole library.
          if (params.page !== 1 || params.search) reset();
        }}
      />
      <ImagePreviewModal
        image={previewing}
        onClose={() => setPreviewing(null)}
        onCopy={(image) => void copy(image)}
        onDelete={startDeleting}
      />
      <DeleteImageDialogs deleting={deleting} onChange={setDeleting} />
    </div>
  );
}
