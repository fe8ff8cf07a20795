import { localizeCategory } from '@ovation/shared/category-words';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CaptchaField } from '../../../components/captcha/captcha-field';
import { SongCover } from '../../../components/player/cover-art';
import { buttonClass } from '../../../components/ui/button-styles';
import { BallotIcon, CheckIcon, UserIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { useRegistrationOpen } from '../../../lib/public-settings';
import { celebrate } from '../celebrate';
import { useVotingRuleText } from '../voting-rule';
import type { VoteSong } from './vote-flow';

/** Guests who press Vote: why they cannot yet, and the two ways in (the public spec). */
export function LoginPrompt({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('voting');
  const { t: tMain } = useTranslation();
  const registrationOpen = useRegistrationOpen();
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      eyebrow={<ModalBadge tone="gold" icon={<UserIcon className="size-6" />} />}
      title={t('login.title')}
      description={tMain('errors.LOGIN_TO_VOTE')}
    >
      <p className="mt-3 text-sm text-ink-400">{t('login.hint')}</p>
      <div className={`mt-6 grid gap-3 ${registrationOpen ? 'sm:grid-cols-2' : ''}`}>
        <Link to="/login" onClick={onClose} className={buttonClass('primary', 'md')}>
          {tMain('nav.login')}
        </Link>
        {registrationOpen && (
          <Link to="/register" onClick={onClose} className={buttonClass('secondary', 'md')}>
            {tMain('nav.register')}
          </Link>
        )}
      </div>
    </Modal>
  );
}

function ModalBadge({ tone, icon }: { tone: 'gold' | 'jade'; icon: React.ReactNode }) {
  return (
    <span
      aria-hidden="true"
      className={`mb-4 grid size-12 place-items-center rounded-2xl ${
        tone === 'gold' ? 'bg-gold-400/15 text-gold-300' : 'bg-jade-400/15 text-jade-300'
      }`}
    >
      {icon}
    </span>
  );
}

function SongLine({ song }: { song: VoteSong }) {
  const { i18n } = useTranslation();
  return (
    <div className="mt-5 flex items-center gap-3 rounded-2xl bg-white/[0.04] p-3 ring-1 ring-white/[0.08]">
      <SongCover
        cover={song.cover ?? null}
        seed={song._id}
        title={song.title}
        sizes="56px"
        className="size-14 shrink-0 rounded-xl"
      />
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink-50">
          <bdi>{song.title}</bdi>
        </p>
        {song.artist && (
          <p className="truncate text-sm text-ink-300">
            <bdi>{song.artist}</bdi>
          </p>
        )}
        <p className="truncate text-xs text-gold-200/90">
          <bdi>{localizeCategory(song.category, i18n.language).name}</bdi>
        </p>
      </div>
    </div>
  );
}

/**
 * The CAPTCHA before a vote. ALTCHA is a proof of work the browser solves on its own in well under a
 * second: we start it at once and send the vote as soon as it is solved, so the visitor only sees a short
 * "checking" moment. (reCAPTCHA, when configured instead, waits for its checkbox.)
 */
export function CaptchaStep({
  song,
  provider,
  siteKey,
  onToken,
  onClose,
}: {
  song: VoteSong;
  provider: 'altcha' | 'recaptcha';
  siteKey: string | null;
  onToken: (token: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('voting');
  const votingRule = useVotingRuleText();
  const fieldRef = useRef<HTMLDivElement>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (provider !== 'altcha') return;
    // The widget is a custom element that appears once its code has loaded; start its proof of work.
    const timer = window.setInterval(() => {
      const widget = fieldRef.current?.querySelector('altcha-widget') as
        | (HTMLElement & { verify?: () => Promise<unknown> })
        | null;
      if (widget && typeof widget.verify === 'function') {
        window.clearInterval(timer);
        widget.verify().catch(() => {});
      }
    }, 100);
    return () => window.clearInterval(timer);
  }, [provider]);

  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      eyebrow={<ModalBadge tone="gold" icon={<BallotIcon className="size-6" />} />}
      title={t('captcha.title')}
      description={t('captcha.description')}
    >
      <SongLine song={song} />
      <div ref={fieldRef} className="mt-5">
        <CaptchaField
          provider={provider}
          siteKey={siteKey}
          onToken={(token) => {
            if (token && !sent.current) {
              sent.current = true;
              onToken(token);
            }
          }}
          onError={() => {}}
        />
      </div>
      <p className="mt-4 text-xs text-ink-400">{t('captcha.final', { rule: votingRule })}</p>
      <button type="button" onClick={onClose} className={buttonClass('ghost', 'sm', 'mt-3 w-full')}>
        {t('captcha.cancel')}
      </button>
    </Modal>
  );
}

/** After a vote on the song page: the spec's message, confetti thrown over the dialog, ways onward. */
export function VoteSuccessModal({
  song,
  message,
  onClose,
}: {
  song: VoteSong;
  message: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('voting');
  const [thrown, setThrown] = useState(false);
  useEffect(() => {
    if (thrown) return;
    setThrown(true);
    void celebrate();
  }, [thrown]);
  return (
    <Modal
      open
      onClose={onClose}
      size="sm"
      eyebrow={<ModalBadge tone="jade" icon={<CheckIcon className="size-6" />} />}
      title={t('successModal.title')}
      description={message}
    >
      <SongLine song={song} />
      <div className="mt-6 grid gap-3">
        <Link to="/categories" onClick={onClose} className={buttonClass('primary', 'md')}>
          {t('successModal.keepVoting')}
        </Link>
        <button type="button" onClick={onClose} className={buttonClass('secondary', 'md')}>
          {t('successModal.done')}
        </button>
      </div>
    </Modal>
  );
}
