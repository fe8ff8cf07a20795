import { LANGUAGES } from '@ovation/shared/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '../../../components/ui/icons';
import { Modal } from '../../../components/ui/modal';
import { changeLanguage, hasChosenLanguage } from '../../../lib/i18n';

/**
 * First-visit chooser (the public spec): shown until a language is picked. Closing it without a pick keeps
 * the current language for this visit and asks again next time. The browser's language is pre-selected.
 */
export function LanguageChooserModal() {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(() => !hasChosenLanguage());
  const current = i18n.resolvedLanguage ?? i18n.language;

  return (
    <Modal
      open={open}
      onClose={() => setOpen(false)}
      size="md"
      eyebrow={
        <span className="mb-4 grid size-12 place-items-center rounded-2xl bg-gold-400/15 text-gold-300">
          <GlobeIcon className="size-6" />
        </span>
      }
      title={t('language.chooseTitle')}
      description={t('language.chooseDescription')}
    >
      <ul className="mt-6 grid gap-2.5 sm:grid-cols-2">
        {LANGUAGES.map((language) => {
          const suggested = language.code === current;
          return (
            <li key={language.code}>
              <button
                type="button"
                lang={language.code}
                dir={language.direction}
                onClick={() => {
                  void changeLanguage(language.code);
                  setOpen(false);
                }}
                className={`flex min-h-14 w-full items-center gap-3 rounded-2xl border px-4 text-start text-lg font-semibold transition-colors hover:border-gold-400/70 hover:bg-gold-400/10 ${
                  suggested
                    ? 'border-gold-400/60 bg-gold-400/10 text-gold-200'
                    : 'border-white/10 bg-white/[0.03] text-ink-50'
                }`}
              >
                <span aria-hidden="true" className="text-2xl leading-none">
                  {language.flag}
                </span>
                <span>{language.name}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
