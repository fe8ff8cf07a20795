import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { InlineSpinner } from '../../../components/ui/spinner';
import { usePublicAction } from '../../../lib/use-action';
import { acceptConsents, CONSENTS_QUERY_KEY, fetchConsents } from '../api/consents';

const LINK_CLASS = 'font-semibold text-gold-300 underline underline-offset-4 hover:text-gold-200';

/**
 * Asks a signed-in user to accept a new version of the terms of service or the privacy policy: a bar at
 * the bottom of the screen (nothing is blocked meanwhile) naming what changed, with links to read it and
 * Accept. Shown only while a current version is not accepted; registration accepts them all.
 */
export default function ConsentPrompt() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const textId = useId();
  const consents = useQuery({
    queryKey: CONSENTS_QUERY_KEY,
    queryFn: ({ signal }) => fetchConsents(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const pending = (consents.data ?? []).filter((state) => !state.accepted).map((state) => state.document);
  const accept = usePublicAction({
    action: () => acceptConsents(pending),
    success: t('consent.accepted'),
    failure: t('consent.failed'),
    onSuccess: (states) => queryClient.setQueryData(CONSENTS_QUERY_KEY, states),
  });
  if (pending.length === 0) return null;

  const which = pending.length > 1 ? 'both' : pending[0]!;
  return (
    <section
      aria-labelledby={textId}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gold-400/30 bg-ink-900/95 px-4 py-4 shadow-2xl backdrop-blur sm:px-6"
    >
      <div className="mx-auto flex max-w-4xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <p id={textId} className="text-sm text-ink-100">
          <Trans
            t={t}
            i18nKey={`consent.updated.${which}`}
            components={{
              terms: <Link to="/terms-of-service" className={LINK_CLASS} />,
              privacy: <Link to="/privacy-policy" className={LINK_CLASS} />,
            }}
          />
        </p>
        <button
          type="button"
          onClick={() => accept.mutate()}
          disabled={accept.isPending}
          className={buttonClass('primary', 'md', 'shrink-0')}
        >
          {accept.isPending && <InlineSpinner />}
          {t('consent.accept')}
        </button>
      </div>
    </section>
  );
}
