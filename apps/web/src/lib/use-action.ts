import { type QueryKey, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast, TOAST_DURATION_MS, TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '../components/ui/toast';
import { apiErrorMessage, type ErrorMessageOptions } from './api-error-message';

export interface UseActionOptions<TData, TVariables> {
  /** The call: usually `apiRequest(...)`, `sendMultipart(...)` or `downloadFile(...)`. */
  action: (variables: TVariables) => Promise<TData>;
  /** The success toast (already translated), a function of the answer (a server message), or false for none. */
  success?: string | ((data: TData, variables: TVariables) => string | null) | false;
  /**
   * The screen's own failure text, already translated ('Failed to delete song'). Shown when the server's
   * error code has no translation and the server gave no message (see lib/api-error-message.ts). A
   * function when it depends on what was asked (a bulk approve or reject).
   */
  failure: string | ((variables: TVariables) => string);
  /** What to say when the server could not be reached at all (the sign-in pages' 'Failed to connect to backend'). */
  unreachable?: ErrorMessageOptions['unreachable'];
  /** Codes whose generic text says less than `failure` (a form's 400 next to its field errors). */
  preferFallback?: ErrorMessageOptions['preferFallback'];
  /** False when the screen shows the failure itself (under a form field); the toast is skipped. */
  toastOnError?: boolean;
  /**
   * How long its toasts stay: by default 3 s for a success and 5 s for a failure, the admin area's; the
   * public pages pass TOAST_DURATION_MS, theirs.
   */
  toastMs?: number;
  /** Query keys refetched after a success (each a prefix: ['admin', 'songs'] covers every page of the list). */
  invalidate?: readonly QueryKey[];
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** Receives the translated message too, for a form that shows it inline. */
  onError?: (error: unknown, message: string, variables: TVariables) => void;
}

/**
 * One action of any screen: a TanStack Query mutation that, on success, shows the success toast (3 s) and
 * refetches the listed queries, and on failure shows the translated error (5 s), worded by the app's one
 * rule (lib/api-error-message.ts).
 * Returns the mutation as is: `mutate(variables)`, `isPending` for the busy state, `reset()`.
 *
 *   const remove = useAction({
 *     action: (id: string) => apiRequest(`/admin/songs/${id}`, { method: 'DELETE' }),
 *     success: t('songs.deleted'),
 *     failure: t('songs.deleteFailed'),
 *     invalidate: [songsKeys.all],
 *     onSuccess: () => setDeleting(null),
 *   });
 */
export function useAction<TData = unknown, TVariables = void>(
  options: UseActionOptions<TData, TVariables>,
): UseMutationResult<TData, unknown, TVariables> {
  const queryClient = useQueryClient();
  return useMutation<TData, unknown, TVariables>({
    mutationFn: options.action,
    onSuccess: (data, variables) => {
      for (const queryKey of options.invalidate ?? []) void queryClient.invalidateQueries({ queryKey });
      const text = typeof options.success === 'function' ? options.success(data, variables) : options.success;
      if (text) showToast(text, 'success', options.toastMs ?? TOAST_SUCCESS_MS);
      options.onSuccess?.(data, variables);
    },
    onError: (error, variables) => {
      // A cancelled call (the user closed the dialog) is not a failure to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const fallback = typeof options.failure === 'function' ? options.failure(variables) : options.failure;
      const message = apiErrorMessage(error, fallback, {
        unreachable: options.unreachable,
        preferFallback: options.preferFallback,
      });
      if (options.toastOnError !== false) showToast(message, 'error', options.toastMs ?? TOAST_ERROR_MS);
      options.onError?.(error, message, variables);
    },
  });
}

/**
 * `useAction` with the public pages' habits: their toasts stay 4 s, and a server out of reach says so
 * ('Failed to connect to backend') rather than the screen's fallback. Sign-in, profile and song pages.
 */
export function usePublicAction<TData = unknown, TVariables = void>(
  options: UseActionOptions<TData, TVariables>,
): UseMutationResult<TData, unknown, TVariables> {
  const { t } = useTranslation();
  return useAction({ unreachable: t('errors.backendDown'), toastMs: TOAST_DURATION_MS, ...options });
}
