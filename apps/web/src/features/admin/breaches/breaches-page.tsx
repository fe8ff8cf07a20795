import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/data/empty-state';
import { buttonClass } from '../../../components/ui/button-styles';
import { ShieldIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { accessProblem, apiErrorMessage } from '../../../lib/api-error-message';
import { useListParams } from '../../../lib/use-list-params';
import { AccessProblem } from '../layout/access-views';
import { ListSection } from '../layout/list-section';
import { PageHeader } from '../layout/page-header';
import { useNow } from '../lib/use-now';
import { BREACH_NOTICE_HOURS, type Breach, breachesQuery } from './api';
import { NotifyDialog, RecordBreachDialog } from './breach-dialogs';

const LIST_DEFAULTS = { page: 1 };
/** The countdown moves on every 30 seconds while the screen is open. */
const CLOCK_TICK_MS = 30_000;
const HOUR_MS = 3_600_000;

/** 'in 41 h 12 min' / '3 h 5 min ago' parts of a span, in the reader's language. */
function useSpan() {
  const { i18n } = useTranslation();
  const hours = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'hour', unitDisplay: 'short' });
  const minutes = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'minute',
    unitDisplay: 'short',
  });
  return (ms: number) => {
    const total = Math.max(0, Math.round(ms / 60_000));
    const h = Math.floor(total / 60);
    const m = total % 60;
    return h > 0 ? `${hours.format(h)} ${minutes.format(m)}` : minutes.format(m);
  };
}

function NoticeStatus({ breach, now }: { breach: Breach; now: number }) {
  const { t, i18n } = useTranslation('admin-breaches');
  const span = useSpan();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const deadline = Date.parse(breach.noticeDeadline);
  if (breach.notifiedAt) {
    const late = Date.parse(breach.notifiedAt) > deadline;
    return (
      <span
        className={`rounded-full px-2.5 py-1 text-xs font-semibold ${late ? 'bg-coral-400/15 text-coral-300' : 'bg-jade-400/15 text-jade-300'}`}
      >
        {t(late ? 'status.notifiedLate' : 'status.notified', {
          date: when.format(new Date(breach.notifiedAt)),
        })}
      </span>
    );
  }
  const left = deadline - now;
  if (left <= 0) {
    return (
      <span
        role="status"
        className="rounded-full bg-coral-400/20 px-2.5 py-1 text-xs font-semibold text-coral-200"
      >
        {t('status.overdue', { span: span(-left) })}
      </span>
    );
  }
  const urgent = left < 12 * HOUR_MS;
  return (
    <span
      className={`rounded-full px-2.5 py-1 text-xs font-semibold ${urgent ? 'bg-gold-400/20 text-gold-200' : 'bg-white/[0.08] text-ink-100'}`}
    >
      {t('status.due', { span: span(left), date: when.format(new Date(deadline)) })}
    </span>
  );
}

function BreachCard({
  breach,
  now,
  onNotify,
}: {
  breach: Breach;
  now: number;
  onNotify: (breach: Breach) => void;
}) {
  const { t, i18n } = useTranslation('admin-breaches');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const titleId = `breach-${breach._id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-2xl border border-white/[0.08] bg-ink-900 p-4 sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-sm font-semibold text-ink-300">
          {t('card.found', { date: when.format(new Date(breach.foundAt)) })}
        </h3>
        <NoticeStatus breach={breach} now={now} />
      </div>
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="font-semibold text-ink-100">{t('fields.summary')}</dt>
          <dd dir="auto" className="mt-1 whitespace-pre-line text-ink-200">
            {breach.summary}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-ink-100">{t('fields.affected')}</dt>
          <dd dir="auto" className="mt-1 whitespace-pre-line text-ink-200">
            {breach.affected}
          </dd>
        </div>
        {breach.notification && (
          <div>
            <dt className="font-semibold text-ink-100">{t('fields.notification')}</dt>
            <dd dir="auto" className="mt-1 whitespace-pre-line text-ink-200">
              {breach.notification}
            </dd>
          </div>
        )}
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-3 pt-1">
        <p className="text-xs text-ink-400">
          {breach.recordedBy
            ? t('card.recordedBy', { name: breach.recordedBy.name })
            : t('card.recordedByUnknown')}
        </p>
        {!breach.notifiedAt && (
          <button type="button" onClick={() => onNotify(breach)} className={buttonClass('secondary', 'sm')}>
            {t('notify.button')}
          </button>
        )}
      </div>
    </article>
  );
}

/**
 * The breach register (/admin/breaches): every suspected personal-data breach with the time it was found,
 * what happened and who is affected, the notice deadline (found + 72 hours) counted down, and the
 * notification once recorded. Recording either is audited on the server.
 */
export default function AdminBreachesPage() {
  const { t } = useTranslation('admin-breaches');
  const now = useNow(CLOCK_TICK_MS);
  const { params, setParams } = useListParams(LIST_DEFAULTS, {});
  const list = useQuery(breachesQuery(params.page));
  const [recording, setRecording] = useState(false);
  const [notifying, setNotifying] = useState<Breach | null>(null);

  if (accessProblem(list.error)) return <AccessProblem error={list.error} />;
  const pagination = list.data?.pagination;

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description', { hours: BREACH_NOTICE_HOURS })}
        back
        actions={
          <button type="button" onClick={() => setRecording(true)} className={buttonClass('primary', 'md')}>
            {t('record.button')}
          </button>
        }
      />
      <ListSection
        title={t('list.title')}
        count={pagination && t('list.count', { count: pagination.total })}
        pagination={pagination}
        onPage={(page) => setParams({ page })}
      >
        {list.isError && !list.data ? (
          <LoadFailed
            message={apiErrorMessage(list.error, t('list.loadFailed'))}
            onRetry={() => void list.refetch()}
          />
        ) : list.data && list.data.breaches.length === 0 ? (
          <EmptyState icon={<ShieldIcon />} title={t('list.empty')} description={t('list.emptyText')} />
        ) : (
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {list.data?.breaches.map((breach) => (
              <BreachCard key={breach._id} breach={breach} now={now} onNotify={setNotifying} />
            ))}
          </div>
        )}
      </ListSection>
      <RecordBreachDialog open={recording} onClose={() => setRecording(false)} />
      <NotifyDialog breach={notifying} onClose={() => setNotifying(null)} />
    </>
  );
}
