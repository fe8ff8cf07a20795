import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../components/ui/toast';
import { apiRequest } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';

/** Logs out: tells the server (a failure is ignored, the public spec), forgets the session, goes home. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useCallback(() => {
    // The token is read synchronously before endSession() clears it.
    void apiRequest('/auth/logout', { method: 'POST' }).catch(() => {});
    endSession();
    // Answers differ by viewer (admins see vote totals): refetch everything as a guest.
    void queryClient.invalidateQueries();
    showToast(t('auth.loggedOut'), 'success');
    navigate('/');
  }, [navigate, queryClient, t]);
}
