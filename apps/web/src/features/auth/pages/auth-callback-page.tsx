import { userSchema } from '@ovation/shared/schemas/auth';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../../components/ui/logo';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { signIn, takeRedirectAfterLogin } from '../lib/sign-in';

/** The public spec: the pause between signing in and leaving the callback page. */
const SETTLE_DELAY_MS = 500;

/**
 * The failure reasons the login page explains in words of their own (the server's social sign-in refused the
 * person, not the provider): passed on as `&reason=`; any other reason is the spec's plain failure.
 */
const EXPLAINED_REASONS = new Set(['registration_closed', 'device_in_use', 'device_id_required']);

type CallbackOutcome =
  | { kind: 'failed'; reason?: string }
  | { kind: 'missing' }
  | { kind: 'signed-in'; token: string; user: ReturnType<typeof userSchema.parse> };

/** Reads ?token=&user=<JSON>&error= as the server's social sign-in flow left them. */
function readCallback(search: string): CallbackOutcome {
  const params = new URLSearchParams(search);
  const error = params.get('error');
  if (error) return { kind: 'failed', reason: EXPLAINED_REASONS.has(error) ? error : undefined };
  const token = params.get('token');
  const rawUser = params.get('user');
  if (!token || !rawUser) return { kind: 'missing' };
  try {
    const user = userSchema.safeParse(JSON.parse(rawUser));
    return user.success ? { kind: 'signed-in', token, user: user.data } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}

/**
 * /auth/callback: completes a Google or Facebook sign-in (the public spec). The token is taken out of the
 * address bar at once, so it never lands in the history, a bookmark or a shared screenshot. Runs once,
 * even under StrictMode's double effects.
 */
export default function AuthCallbackPage() {
  const { t } = useTranslation('auth');
  const { t: tShell } = useTranslation();
  const navigate = useNavigate();
  const handled = useRef(false);
  useDocumentTitle(tShell('meta.pageTitle', { page: t('callback.title') }));

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const outcome = readCallback(window.location.search);
    window.history.replaceState(window.history.state, '', window.location.pathname);

    if (outcome.kind === 'failed') {
      const reason = outcome.reason ? `&reason=${outcome.reason}` : '';
      navigate(`/login?error=social_auth_failed${reason}`, { replace: true });
      return;
    }
    if (outcome.kind === 'missing') {
      navigate('/login', { replace: true });
      return;
    }
    signIn(outcome.token, outcome.user);
    // Not cleared on cleanup: StrictMode's re-run returns early above, so this timer is the only one.
    window.setTimeout(() => navigate(takeRedirectAfterLogin('/'), { replace: true }), SETTLE_DELAY_MS);
  }, [navigate]);

  return (
    <section className="glow-backdrop grid min-h-[70vh] place-items-center px-4 py-16">
      <div role="status" className="flex max-w-sm flex-col items-center text-center">
        <div className="relative grid size-20 place-items-center">
          <span
            aria-hidden="true"
            className="absolute inset-0 animate-spin-slow rounded-full border-[3px] border-ink-800 border-t-gold-400"
          />
          <BrandMark className="size-10" />
        </div>
        <h1 className="mt-8 text-2xl font-bold tracking-tight text-ink-50">{t('callback.title')}</h1>
        <p className="mt-2 text-ink-300">{t('callback.description')}</p>
      </div>
    </section>
  );
}
