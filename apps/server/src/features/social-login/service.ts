import { SOCIAL_LOGIN_ERRORS, type SocialLoginError, type SocialProvider } from '@ovation/shared';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { RequestMeta } from '../../lib/request-meta';
import { type SocialSignIn, signInWithSocialProfile } from '../accounts/social-sign-in-service';
import { FLOW_TTL_SECONDS, openFlowState, sealFlowState } from './flow-state';
import type { ProviderClients, ProviderProfile } from './providers';
import { getProviderAccess, type SocialSettingsDependencies } from './settings';

export interface SocialLoginDependencies extends SocialSettingsDependencies {
  clock: Clock;
  /** PUBLIC_URL without a trailing slash: the base of the redirect URIs and of /auth/callback. */
  publicUrl: string;
  /** deriveKey(secret, 'social-login-flow'): seals the flow cookie. */
  flowKey: Buffer;
  providers: ProviderClients;
}

/** The redirect URI registered at the provider: `${PUBLIC_URL}/api/auth/<provider>/callback`. */
export function redirectUriFor(publicUrl: string, provider: SocialProvider) {
  return `${publicUrl}/api/auth/${provider}/callback`;
}

const FAILURES: Record<
  Exclude<
    SocialLoginError,
    'account_deactivated' | 'registration_closed' | 'device_in_use' | 'device_id_required' | 'server_error'
  >,
  () => AppError
> = {
  provider_disabled: () => new AppError(403, 'SOCIAL_LOGIN_DISABLED'),
  access_denied: () => new AppError(401, 'UNAUTHORIZED'),
  provider_error: () => new AppError(502, 'SERVICE_UNAVAILABLE'),
  invalid_state: () => new AppError(400, 'BAD_REQUEST'),
  exchange_failed: () => new AppError(502, 'SERVICE_UNAVAILABLE'),
  email_not_verified: () => new AppError(403, 'EMAIL_NOT_VERIFIED'),
};

/** A failed sign-in: an AppError that carries the short reason for /auth/callback?error= and the log. */
function failure(reason: keyof typeof FAILURES, detail: string, cause?: unknown) {
  const template = FAILURES[reason]();
  const error = new AppError(template.status, template.code, { detail, extra: { reason } });
  // The underlying error goes to the log with this one, never into a response.
  if (cause !== undefined) error.cause = cause;
  return error;
}

/** The short reason the browser is sent back with when a sign-in fails in any way. */
export function failureReason(error: unknown): SocialLoginError {
  if (!(error instanceof AppError)) return 'server_error';
  const reason = error.extra?.reason;
  if (typeof reason === 'string' && (SOCIAL_LOGIN_ERRORS as readonly string[]).includes(reason)) {
    return reason as SocialLoginError;
  }
  if (error.code === 'ACCOUNT_DEACTIVATED') return 'account_deactivated';
  if (error.code === 'REGISTRATION_CLOSED') return 'registration_closed';
  if (error.code === 'DEVICE_IN_USE') return 'device_in_use';
  if (error.code === 'DEVICE_ID_REQUIRED') return 'device_id_required';
  return 'server_error';
}

/**
 * Starts a sign-in: answers the provider URL to send the browser to and the sealed flow state (state,
 * PKCE verifier, nonce, the browser's device id) for the short-lived cookie that will come back with the
 * provider's redirect.
 */
export async function startSocialLogin(
  deps: SocialLoginDependencies,
  provider: SocialProvider,
  deviceId: string | null,
) {
  const access = await getProviderAccess(deps, provider);
  if (!access.enabled)
    throw failure('provider_disabled', `${provider} sign-in is disabled or not configured`);
  let request: Awaited<ReturnType<ProviderClients['authorizationRequest']>>;
  try {
    request = await deps.providers.authorizationRequest(
      provider,
      access.credentials,
      redirectUriFor(deps.publicUrl, provider),
    );
  } catch (error) {
    throw failure('provider_error', `cannot reach ${provider}: ${String(error)}`, error);
  }
  const expiresAt = deps.clock.now().getTime() + FLOW_TTL_SECONDS * 1000;
  const sealedFlow = sealFlowState(deps.flowKey, { provider, ...request.secrets, expiresAt, deviceId });
  return { location: request.url.href, sealedFlow };
}

/**
 * Finishes a sign-in from the provider's redirect: refuses at once when the provider or social login is
 * off, checks the provider's answer against the flow cookie, exchanges the code (PKCE), requires a
 * verified e-mail, then signs the person in through accounts on the device the flow started on.
 * Every failure is an AppError whose reason failureReason reads.
 */
export async function completeSocialLogin(
  deps: SocialLoginDependencies,
  provider: SocialProvider,
  input: { query: URLSearchParams; sealedFlow: string | undefined },
  meta: RequestMeta,
): Promise<SocialSignIn> {
  const access = await getProviderAccess(deps, provider);
  if (!access.enabled)
    throw failure('provider_disabled', `${provider} sign-in is disabled or not configured`);

  const providerError = input.query.get('error');
  if (providerError) {
    const reason = providerError === 'access_denied' ? 'access_denied' : 'provider_error';
    const description = input.query.get('error_description') ?? '';
    throw failure(
      reason,
      `${provider} answered ${providerError.slice(0, 100)}: ${description.slice(0, 300)}`,
    );
  }
  const flow = openFlowState(deps.flowKey, input.sealedFlow, provider, deps.clock.now());
  if (!flow) throw failure('invalid_state', 'the sign-in cookie is missing, expired or forged');
  if (input.query.get('state') !== flow.state) throw failure('invalid_state', 'the state does not match');

  const callbackUrl = new URL(redirectUriFor(deps.publicUrl, provider));
  callbackUrl.search = input.query.toString();
  let profile: ProviderProfile;
  try {
    profile = await deps.providers.completeAuthorization(provider, access.credentials, callbackUrl, flow);
  } catch (error) {
    throw failure('exchange_failed', `${provider} code exchange failed: ${String(error)}`, error);
  }
  if (!profile.email || !profile.emailVerified) {
    throw failure('email_not_verified', `${provider} gave no verified e-mail for subject ${profile.subject}`);
  }
  return signInWithSocialProfile(
    deps,
    { provider, subject: profile.subject, email: profile.email, name: profile.name },
    { ...meta, deviceId: flow.deviceId ?? meta.deviceId },
  );
}
