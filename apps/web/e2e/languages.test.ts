import { LANGUAGES } from '@ovation/shared/languages';
import { describe, expect, it } from 'vitest';
import { text } from './pages/catalogs';
import { setUpBrowser } from './support/browser';

const browser = setUpBrowser();

describe('five languages', () => {
  for (const language of LANGUAGES) {
    it(`renders the home page in ${language.name} (${language.direction})`, async () => {
      const page = await browser.reset({ language: language.code });
      await page.goto('/');
      await page.getByText(text(language.code, 'home.hero.title'), { exact: true }).first().waitFor();
      const html = page.locator('html');
      expect(await html.getAttribute('lang')).toBe(language.code);
      expect(await html.getAttribute('dir')).toBe(language.direction);
      await page.getByText(text(language.code, 'home.statsFans'), { exact: true }).first().waitFor();
    });
  }

  it('lays Arabic out right to left: what starts a line sits on the right', async () => {
    for (const [language, startsOnRight] of [
      ['ar', true],
      ['en', false],
    ] as const) {
      const page = await browser.reset({ language, viewport: 'phone' });
      await page.goto('/privacy-policy');
      const back = page.getByRole('link', { name: text(language, 'backToHome', 'legal') }).first();
      await back.waitFor();
      const box = (await back.boundingBox())!;
      const center = box.x + box.width / 2;
      expect(center > page.viewportSize()!.width / 2).toBe(startsOnRight);
    }
  });

  it('asks for a language on the first visit and remembers the choice', async () => {
    const page = await browser.reset({ language: null });
    await page.goto('/');
    const chooser = page.getByRole('dialog');
    await chooser.waitFor();
    await chooser.getByRole('button', { name: /Français/ }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('fr');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('fr');
    await page.reload();
    await page.getByText(text('fr', 'home.hero.title'), { exact: true }).first().waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });
});

describe('404 and legal pages', () => {
  it('shows Page Not Found with its six links on an unknown path', async () => {
    const page = browser.page;
    await page.goto('/no/such/page');
    const heading = page.getByRole('heading', { level: 1, name: 'Page Not Found' });
    await heading.waitFor();
    const main = page.locator('main');
    const expected: Array<[string, string]> = [
      ['Go Home', '/'],
      ['Browse Songs', '/songs'],
      ['All Songs', '/songs'],
      ['Categories', '/categories'],
      ['Login', '/login'],
      ['Register', '/register'],
    ];
    for (const [name, href] of expected) {
      const link = main.getByRole('link', { name, exact: true });
      expect(await link.getAttribute('href')).toBe(href);
    }
  });

  it('states the retention figures on the data protection page', async () => {
    const page = browser.page;
    await page.goto('/data-protection');
    await page.locator('h1').waitFor();
    const body = await page.locator('main').innerText();
    for (const figure of ['30 days', '3 years', '2 years', '1 year', '90 days', '72 hours'])
      expect(body).toContain(figure);
    await page
      .getByRole('link', { name: text('en', 'backToHome', 'legal') })
      .first()
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
  });
});
