import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import ar from '../../../locales/pwa/ar.json';
import en from '../../../locales/pwa/en.json';
import UpdatePrompt from './update-prompt';
import { UpdatePromptSlot } from './update-prompt-slot';

async function renderIn(language: 'en' | 'ar', element: React.ReactElement) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, resources: { en: { pwa: en }, ar: { pwa: ar } } });
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

describe('the update prompt', () => {
  it('says a new version is ready and offers Reload and Not now, in the reader’s language', async () => {
    for (const [language, catalog] of [
      ['en', en],
      ['ar', ar],
    ] as const) {
      const html = await renderIn(language, <UpdatePrompt />);
      expect(html).toContain(catalog.update.ready);
      expect(html).toContain(`>${catalog.update.reload}</button>`);
      expect(html).toContain(`>${catalog.update.dismiss}</button>`);
      // Laid out with start/end, so Arabic mirrors it.
      expect(html).not.toMatch(/\b(ml|mr|pl|pr|left|right)-/);
    }
  });

  it('keeps an empty status region on the page, so the prompt is announced when it appears', async () => {
    const html = await renderIn('en', <UpdatePromptSlot />);
    expect(html).toMatch(/^<div role="status"[^>]*><\/div>$/);
  });
});
