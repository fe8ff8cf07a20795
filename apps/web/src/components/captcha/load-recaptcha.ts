/** Google's loader; `render=explicit` leaves the placing of the widget to us. */
export const RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

/** 10 s: the spec's script load timeout, long enough for a slow mobile connection. */
export const RECAPTCHA_LOAD_TIMEOUT_MS = 10_000;

/** The global function Google's script calls once `grecaptcha.render` is ready. */
const ONLOAD_CALLBACK = '__ovationRecaptchaLoaded';

export interface RecaptchaRenderParameters {
  sitekey: string;
  theme?: 'dark' | 'light';
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
}

/** The part of `window.grecaptcha` (reCAPTCHA v2) this app uses. */
export interface Grecaptcha {
  render(container: HTMLElement, parameters: RecaptchaRenderParameters): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Partial<Grecaptcha>;
    [ONLOAD_CALLBACK]?: () => void;
  }
}

/** Why the script gave no usable reCAPTCHA: timed out, failed to download, or loaded without the API. */
export type RecaptchaLoadFailure = 'timeout' | 'script' | 'unavailable';

export class RecaptchaLoadError extends Error {
  override readonly name = 'RecaptchaLoadError';
  constructor(readonly reason: RecaptchaLoadFailure) {
    super(`reCAPTCHA ${reason}`);
  }
}

function usableGrecaptcha(): Grecaptcha | null {
  const candidate = window.grecaptcha;
  return typeof candidate?.render === 'function' && typeof candidate.reset === 'function'
    ? (candidate as Grecaptcha)
    : null;
}

let loading: Promise<Grecaptcha> | null = null;

/**
 * Loads Google's script once per page (later calls share it) and resolves when the API is ready. A
 * failure forgets the attempt, so a Retry loads the script afresh.
 */
export function loadRecaptcha(options: { scriptUrl?: string; language: string }): Promise<Grecaptcha> {
  const ready = usableGrecaptcha();
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    const url = new URL(options.scriptUrl ?? RECAPTCHA_SCRIPT_URL, window.location.href);
    url.searchParams.set('render', 'explicit');
    url.searchParams.set('onload', ONLOAD_CALLBACK);
    url.searchParams.set('hl', options.language);
    const script = document.createElement('script');
    script.src = url.toString();
    script.async = true;

    const finish = () => {
      window.clearTimeout(timer);
      delete window[ONLOAD_CALLBACK];
    };
    const fail = (reason: RecaptchaLoadFailure) => {
      finish();
      script.remove();
      loading = null;
      reject(new RecaptchaLoadError(reason));
    };
    // A script that downloads but never calls back (blocked, half-loaded) is caught here too.
    const timer = window.setTimeout(() => fail('timeout'), RECAPTCHA_LOAD_TIMEOUT_MS);
    window[ONLOAD_CALLBACK] = () => {
      const grecaptcha = usableGrecaptcha();
      if (!grecaptcha) return fail('unavailable');
      finish();
      resolve(grecaptcha);
    };
    script.addEventListener('error', () => fail('script'));
    document.head.append(script);
  });
  return loading;
}
