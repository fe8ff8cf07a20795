import type { AltchaWidgetElement } from 'altcha';
import type {} from 'altcha/types/react';
import type { TFunction } from 'i18next';
import { type CSSProperties, type RefObject, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../ui/button-styles';
import { InlineSpinner } from '../ui/spinner';
import { loadRecaptcha, RecaptchaLoadError, type RecaptchaLoadFailure } from './load-recaptcha';

/** Where the ALTCHA widget fetches its (single-use, uncached) proof-of-work challenge. */
export const ALTCHA_CHALLENGE_URL = '/api/captcha/challenge';

export interface CaptchaFieldProps {
  /** From the public settings: `securitySettings.captchaProvider`. */
  provider: 'altcha' | 'recaptcha';
  /** From the public settings: `securitySettings.recaptchaSiteKey` (null for ALTCHA). */
  siteKey: string | null;
  /** The token to send as `captchaToken`, or null when there is none (yet, or any more: expired). */
  onToken: (token: string | null) => void;
  /** A translated message for the form to show; the field also shows it, with a Retry button. */
  onError: (message: string) => void;
  /** Google's script URL; tests give a local stand-in. */
  recaptchaScriptUrl?: string;
  /** The ALTCHA challenge endpoint; tests may give another. */
  challengeUrl?: string;
}

interface WidgetProps {
  onToken: (token: string | null) => void;
  onError: (message: string) => void;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * True once the visitor starts on the form around `ref` (focus or typing in any of its fields) or the field
 * itself scrolls into view: only then does the widget's script (tens of kB) load, not with the page.
 */
function useFormInUse(ref: RefObject<HTMLElement | null>): boolean {
  const [inUse, setInUse] = useState(false);
  useEffect(() => {
    const field = ref.current;
    if (inUse || !field) return;
    const form = field.closest('form') ?? field;
    const start = () => setInUse(true);
    form.addEventListener('focusin', start);
    form.addEventListener('input', start);
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver((entries) => {
            if (entries.some((entry) => entry.isIntersecting)) start();
          });
    observer?.observe(field);
    if (!observer) start();
    return () => {
      form.removeEventListener('focusin', start);
      form.removeEventListener('input', start);
      observer?.disconnect();
    };
  }, [ref, inUse]);
  return inUse;
}

/**
 * The CAPTCHA of the sign-up and vote forms: the self-hosted ALTCHA proof of work, or Google reCAPTCHA
 * when the server is configured for it. Any failure shows its message and a Retry button, which mounts a
 * fresh widget.
 */
export function CaptchaField({
  provider,
  siteKey,
  onToken,
  onError,
  recaptchaScriptUrl,
  challengeUrl,
}: CaptchaFieldProps) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const fieldRef = useRef<HTMLFieldSetElement>(null);
  const inUse = useFormInUse(fieldRef);

  const reportToken = (token: string | null) => {
    if (token) setFailure(null);
    onToken(token);
  };
  const reportError = (message: string) => {
    setFailure(message);
    onError(message);
  };
  const retry = () => {
    setFailure(null);
    onToken(null);
    setAttempt((count) => count + 1);
  };

  return (
    <fieldset ref={fieldRef} className="flex min-w-0 flex-col gap-3">
      <legend className="sr-only">{t('captcha.label')}</legend>
      {!inUse ? (
        <div className="min-h-16" data-captcha-waiting="" />
      ) : provider === 'recaptcha' ? (
        <RecaptchaWidget
          key={attempt}
          siteKey={siteKey}
          scriptUrl={recaptchaScriptUrl}
          onToken={reportToken}
          onError={reportError}
        />
      ) : (
        <AltchaWidget
          key={attempt}
          challengeUrl={challengeUrl ?? ALTCHA_CHALLENGE_URL}
          onToken={reportToken}
          onError={reportError}
        />
      )}
      {failure && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-coral-300">
          <span className="min-w-0 flex-1">{failure}</span>
          <button type="button" className={buttonClass('secondary', 'sm')} onClick={retry}>
            {t('captcha.retry')}
          </button>
        </div>
      )}
    </fieldset>
  );
}

function LoadingCaptcha() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-16 items-center gap-3 text-sm text-ink-300">
      <InlineSpinner />
      <span>{t('captcha.loading')}</span>
    </div>
  );
}

/** The widget's own texts in the page's language (ALTCHA reads them from its global i18n registry). */
function altchaStrings(t: TFunction): Record<string, string> {
  const escapeHtml = (text: string) =>
    text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
  // The footer is HTML in ALTCHA: the translated words, then the attribution link.
  const footerLink = `<a href="https://altcha.org/" target="_blank" rel="noopener noreferrer" tabindex="-1" aria-label="${escapeHtml(t('captcha.widget.ariaLinkLabel'))}">ALTCHA</a>`;
  return {
    ariaLinkLabel: t('captcha.widget.ariaLinkLabel'),
    cancel: t('captcha.widget.cancel'),
    enterCode: t('captcha.widget.enterCode'),
    enterCodeAria: t('captcha.widget.enterCodeAria'),
    enterCodeFromImage: t('captcha.widget.enterCodeFromImage'),
    error: t('captcha.widget.error'),
    expired: t('captcha.widget.expired'),
    footer: `${escapeHtml(t('captcha.widget.footer'))} ${footerLink}`,
    getAudioChallenge: t('captcha.widget.getAudioChallenge'),
    label: t('captcha.widget.label'),
    loading: t('captcha.widget.loading'),
    reload: t('captcha.widget.reload'),
    verificationRequired: t('captcha.widget.verificationRequired'),
    verified: t('captcha.widget.verified'),
    verify: t('captcha.widget.verify'),
    verifying: t('captcha.widget.verifying'),
    waitAlert: t('captcha.widget.waitAlert'),
  };
}

/**
 * The widget in the site's dark gold look (its CSS custom properties). Literal colours of the theme's
 * ink, gold and jade tokens: Tailwind only emits the tokens a class uses, so var() could come up empty.
 */
const ALTCHA_THEME = {
  '--altcha-color-base': '#15120e',
  '--altcha-color-base-content': '#f3eee6',
  '--altcha-color-neutral': '#5a5347',
  '--altcha-border-color': 'rgb(255 255 255 / 0.15)',
  '--altcha-border-radius': '0.75rem',
  '--altcha-color-primary': '#f7c04a',
  '--altcha-color-primary-content': '#0d0b08',
  '--altcha-color-success': '#10b981',
  '--altcha-max-width': '100%',
} as CSSProperties;

interface AltchaStateChange {
  state: string;
  payload: string | null;
}

/**
 * ALTCHA: a proof of work solved in Web Workers, served by our own API. The widget code (about 35 kB
 * gzipped) is loaded only when a CAPTCHA is shown, so it stays out of the main bundle. Its workers
 * run from blob: URLs, which the CSP's `worker-src 'self' blob:` allows.
 */
function AltchaWidget({ challengeUrl, onToken, onError }: WidgetProps & { challengeUrl: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const loaded = status === 'loaded';
  const widgetRef = useRef<AltchaWidgetElement>(null);

  const failToLoad = useEffectEvent((error: unknown) => {
    setStatus('failed');
    onError(t('captcha.renderFailed', { message: describeError(error) }));
  });
  const changeState = useEffectEvent(({ state, payload }: AltchaStateChange) => {
    if (state === 'verified' && payload) onToken(payload);
    else if (state === 'error') {
      onToken(null);
      onError(t('captcha.verificationFailed'));
    } else if (state === 'expired' || state === 'unverified') onToken(null);
  });

  useEffect(() => {
    let current = true;
    import('altcha').then(
      () => current && setStatus('loaded'),
      (error: unknown) => current && failToLoad(error),
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (loaded) globalThis.$altcha.i18n.set(language, altchaStrings(t));
  }, [loaded, language, t]);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!loaded || !widget) return;
    const listener = (event: Event) => changeState((event as CustomEvent<AltchaStateChange>).detail);
    widget.addEventListener('statechange', listener);
    return () => widget.removeEventListener('statechange', listener);
  }, [loaded]);

  if (status === 'loading') return <LoadingCaptcha />;
  if (status === 'failed') return null;
  return (
    <altcha-widget
      ref={widgetRef}
      challenge={challengeUrl}
      language={language}
      auto="onfocus"
      style={ALTCHA_THEME}
    />
  );
}

const RECAPTCHA_FAILURE_KEYS = {
  timeout: 'captcha.recaptchaLoadFailed',
  script: 'captcha.recaptchaScriptFailed',
  unavailable: 'captcha.recaptchaUnavailable',
} as const satisfies Record<RecaptchaLoadFailure, string>;

/** Google reCAPTCHA v2 (checkbox), rendered explicitly into our own element. */
function RecaptchaWidget({
  siteKey,
  scriptUrl,
  onToken,
  onError,
}: WidgetProps & { siteKey: string | null; scriptUrl?: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const containerRef = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>('loading');

  const fail = useEffectEvent((error: unknown) => {
    setStatus('failed');
    onToken(null);
    if (error instanceof RecaptchaLoadError) onError(t(RECAPTCHA_FAILURE_KEYS[error.reason]));
    else onError(t('captcha.renderFailed', { message: describeError(error) }));
  });
  const changeToken = useEffectEvent((token: string | null) => onToken(token));
  const failVerification = useEffectEvent(() => {
    onToken(null);
    onError(t('captcha.verificationFailed'));
  });
  // The script's language is fixed when it loads: a later language switch applies on the next page load.
  const initialLanguage = useRef(language).current;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    if (!siteKey) {
      fail(new RecaptchaLoadError('unavailable'));
      return;
    }
    let current = true;
    loadRecaptcha({ scriptUrl, language: initialLanguage }).then(
      (grecaptcha) => {
        if (!current) return;
        setStatus('loaded');
        // reCAPTCHA renders once per element: a fresh child each time keeps remounts working.
        const target = document.createElement('div');
        container.replaceChildren(target);
        try {
          grecaptcha.render(target, {
            sitekey: siteKey,
            theme: 'dark',
            callback: (token) => changeToken(token),
            'expired-callback': () => changeToken(null),
            'error-callback': () => failVerification(),
          });
        } catch (error) {
          fail(error);
        }
      },
      (error: unknown) => current && fail(error),
    );
    return () => {
      current = false;
      container.replaceChildren();
    };
  }, [siteKey, scriptUrl, initialLanguage]);

  return (
    <div>
      {status === 'loading' && <LoadingCaptcha />}
      <div ref={containerRef} className={status === 'loaded' ? 'min-h-[78px]' : undefined} />
    </div>
  );
}
