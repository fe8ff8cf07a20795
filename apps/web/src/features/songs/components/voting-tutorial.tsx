import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { BallotIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { useVotingRuleText } from '../../../domain/voting/voting-rule';
import { VOTING_STORAGE_KEYS } from '../../../domain/voting/voting-storage';
import { readStorage, writeStorage } from '../../../lib/local-storage';

/** 1 s: the tutorial waits this long after the song page opens (the public spec). */
export const TUTORIAL_DELAY_MS = 1000;

/** First-visit voting tutorial on the song page; dismissing it sets hasSeenVotingTutorial for good. */
export function VotingTutorial() {
  const { t } = useTranslation('songs');
  const rule = useVotingRuleText();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (readStorage(VOTING_STORAGE_KEYS.hasSeenVotingTutorial)) return;
    const timer = window.setTimeout(() => setOpen(true), TUTORIAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const dismiss = () => {
    writeStorage(VOTING_STORAGE_KEYS.hasSeenVotingTutorial, 'true');
    setOpen(false);
  };
  const steps = [t('tutorial.stepListen'), t('tutorial.stepVote'), t('tutorial.stepRule', { rule })];
  return (
    <Modal
      open={open}
      onClose={dismiss}
      size="sm"
      eyebrow={
        <span
          aria-hidden="true"
          className="mb-4 grid size-12 place-items-center rounded-2xl bg-gold-400/15 text-gold-300"
        >
          <BallotIcon className="size-6" />
        </span>
      }
      title={t('tutorial.title')}
      description={t('tutorial.description')}
    >
      <ol className="mt-5 grid gap-3">
        {steps.map((step, index) => (
          <li key={step} className="flex gap-3 rounded-2xl bg-white/[0.04] p-3">
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-full bg-gold-400 font-bold text-ink-950"
            >
              {index + 1}
            </span>
            <span className="pt-1 text-sm text-ink-100">{step}</span>
          </li>
        ))}
      </ol>
      <button type="button" onClick={dismiss} className={buttonClass('primary', 'md', 'mt-6 w-full')}>
        {t('tutorial.dismiss')}
      </button>
    </Modal>
  );
}
