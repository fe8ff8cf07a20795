import type { CategoryTranslations, ImageRef, VoteResult } from '@ovation/shared';
import { localizeCategory } from '@ovation/shared/category-words';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { showToast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { isolate } from '../../../lib/bidi';
import { STORAGE_KEYS, writeStorage } from '../../../lib/local-storage';
import { getSession } from '../../../lib/session';
import { applyVote, castVote, publicSettingsQuery } from '../api/cast-vote';
import { eligibilityKeys } from '../api/use-eligibility';
import { celebrate } from '../celebrate';
import { describeVoteFailure, describeVoteSuccess } from '../vote-messages';
import { CaptchaStep, LoginPrompt, VoteSuccessModal } from './vote-flow-steps';

export interface VoteSong {
  _id: string;
  title: string;
  artist?: string;
  cover?: ImageRef | null;
  category: { _id: string; name: string; translations?: CategoryTranslations };
}

export type VoteFlowStatus = 'open' | 'submitting' | 'done';

export interface VoteFlowProps {
  song: VoteSong;
  success: 'toast' | 'modal';
  /** 'open': a dialog waits for the visitor; 'submitting': the vote is on its way; 'done': unmount me. */
  onStatus: (status: VoteFlowStatus) => void;
}

type Step =
  | { kind: 'starting' }
  | { kind: 'login' }
  | { kind: 'captcha'; provider: 'altcha' | 'recaptcha'; siteKey: string | null }
  | { kind: 'submitting' }
  | { kind: 'success'; message: string };

/**
 * What happens after a click on Vote (loaded on demand): guests get Login and Register (the current page
 * is kept as redirectAfterLogin); fans get the CAPTCHA when the platform requires it (it solves itself and
 * sends the vote), then a toast or the success modal, and confetti. Failures show the spec's messages.
 */
export default function VoteFlow({ song, success, onStatus }: VoteFlowProps) {
  const { t, i18n } = useTranslation('voting');
  const { t: tMain } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [step, setStep] = useState<Step>({ kind: 'starting' });
  const started = useRef(false);

  const successMessage = (result: VoteResult) => {
    const described = describeVoteSuccess(result);
    if (described.key === 'default') return t('success.default');
    // The voted song's category, in the reader's language (the server names it in English).
    const category = isolate(localizeCategory(song.category, i18n.language).name);
    return tMain(described.key, { ...described, category });
  };

  const submit = async (captchaToken?: string) => {
    setStep({ kind: 'submitting' });
    onStatus('submitting');
    const userId = getSession().user?._id ?? '';
    try {
      const result = await castVote(song._id, captchaToken);
      void applyVote(queryClient, userId, song, result);
      const message = successMessage(result);
      if (success === 'modal') {
        setStep({ kind: 'success', message });
        onStatus('open');
      } else {
        showToast(message, 'success');
        void celebrate();
        onStatus('done');
      }
    } catch (error) {
      const failure = describeVoteFailure(error);
      const text =
        'text' in failure
          ? failure.text
          : failure.namespace === 'voting'
            ? t(failure.key)
            : tMain(failure.key);
      showToast(text, 'error');
      // A refusal means our picture of this user's votes is out of date: ask again.
      if (error instanceof ApiError && (error.status === 409 || error.status === 403)) {
        void queryClient.invalidateQueries({ queryKey: eligibilityKeys.all });
      }
      onStatus('done');
    }
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!getSession().user) {
      // Coming back after login lands on this page (the public spec).
      writeStorage(STORAGE_KEYS.redirectAfterLogin, `${location.pathname}${location.search}`);
      setStep({ kind: 'login' });
      onStatus('open');
      return;
    }
    queryClient.fetchQuery(publicSettingsQuery).then(
      (settings) => {
        const security = settings.securitySettings;
        if (!security.requireCaptcha) return void submit();
        setStep({ kind: 'captcha', provider: security.captchaProvider, siteKey: security.recaptchaSiteKey });
        onStatus('open');
      },
      // The spec reads requireCaptcha as false when the settings call fails; the server still decides.
      () => void submit(),
    );
  });

  const close = () => onStatus('done');
  switch (step.kind) {
    case 'login':
      return <LoginPrompt onClose={close} />;
    case 'captcha':
      return (
        <CaptchaStep
          song={song}
          provider={step.provider}
          siteKey={step.siteKey}
          onToken={(token) => void submit(token)}
          onClose={close}
        />
      );
    case 'success':
      return <VoteSuccessModal song={song} message={step.message} onClose={close} />;
    default:
      return null;
  }
}
