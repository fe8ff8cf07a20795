import { LANGUAGES } from '@ovation/shared/languages';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { CheckIcon, ChevronDownIcon, GlobeIcon } from '../../../components/ui/icons';
import { useDisclosure } from '../../../components/ui/use-disclosure';
import { changeLanguage, getLanguage } from '../../../lib/i18n';

/** The language dropdown of the top bar and the hero: globe button, the five languages by native name. */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = getLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { open, close, containerRef, panelId, buttonProps } = useDisclosure();

  return (
    <div ref={containerRef} className="relative">
      <button {...buttonProps} className={buttonClass('ghost', 'sm', 'px-2.5 sm:px-3')}>
        <GlobeIcon className="size-5 shrink-0" />
        <span className="sr-only">{t('language.label')}:</span>
        <span lang={current.code} className="hidden sm:inline">
          {current.name}
        </span>
        <ChevronDownIcon className="hidden size-4 opacity-70 sm:block" />
      </button>
      {open && (
        <div
          id={panelId}
          className="fixed inset-x-4 top-16 z-50 mt-2 animate-rise rounded-2xl sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:w-60 border border-white/10 bg-ink-900/98 p-1.5 shadow-2xl shadow-black/50 backdrop-blur"
        >
          <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wider text-ink-400 uppercase">
            {t('language.label')}
          </p>
          <ul>
            {LANGUAGES.map((language) => {
              const selected = language.code === current.code;
              return (
                <li key={language.code}>
                  <button
                    type="button"
                    lang={language.code}
                    dir={language.direction}
                    aria-current={selected ? 'true' : undefined}
                    onClick={() => {
                      void changeLanguage(language.code);
                      close();
                    }}
                    className={`flex min-h-11 w-full items-center gap-3 rounded-xl px-3 text-start transition-colors hover:bg-white/[0.08] ${selected ? 'text-gold-300' : 'text-ink-100'}`}
                  >
                    <span aria-hidden="true" className="text-lg leading-none">
                      {language.flag}
                    </span>
                    <span className="flex-1 font-medium">{language.name}</span>
                    {selected && <CheckIcon className="size-4" />}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
