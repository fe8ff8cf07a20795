import { type QueryKey, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { showToast, TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '../components/ui/toast';
import { apiErrorMessage } from './api-error-message';

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
  /** False when the screen shows the failure itself (under a form field); the toast is skipped. */
  toastOnError?: boolean;
  /** Query keys refetched after a success (each a prefix: ['admin', 'songs'] covers every page of the list). */
  invalidate?: readonly QueryKey[];
  onSuccess?: (data: TData, variables: TVariables) => void;
  /** Receives the translated message too, for a form that shows it inline. */
  onError?: (error: unknown, message: string, variables: TVariables) => void;
}

/**
 * One admin action: a TanStack Query mutation that, on success, shows the success toast for 3 s and
 * refetches the listed queries, and on failure shows the translated error for 5 s (spec 2 section 8).
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
      if (text) showToast(text, 'success', TOAST_SUCCESS_MS);
      options.onSuccess?.(data, variables);
    },
    onError: (error, variables) => {
      // A cancelled call (the user closed the dialog) is not a failure to report.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      const fallback = typeof options.failure === 'function' ? options.failure(variables) : options.failure;
      const message = apiErrorMessage(error, fallback);
      if (options.toastOnError !== false) showToast(message, 'error', TOAST_ERROR_MS);
      options.onError?.(error, message, variables);
    },
  });
}
