import { beforeAll, describe, expect, it } from 'vitest';
import { AdminCategoriesPage } from './pages/admin-categories';
import { UnsavedChangesPrompts } from './pages/unsaved-changes';
import { setUpBrowser } from './support/browser';
import { ADMIN, logIn, type SignedIn, storeSession } from './support/session';

const browser = setUpBrowser();
let admin: SignedIn;

beforeAll(async () => {
  admin = await logIn(browser.baseUrl, ADMIN);
});

describe('unsaved changes in an admin form', () => {
  it('asks before Escape, Cancel, the close button or closing the tab lose a typed category, and not when nothing changed', async () => {
    const page = browser.page;
    await storeSession(browser.context, admin);
    const prompts = new UnsavedChangesPrompts(page);
    const categories = new AdminCategoriesPage(page);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: 'Categories', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Category management' }).waitFor();
    await page.locator('article').first().waitFor();

    // Nothing typed: Cancel closes at once.
    await categories.startAdding();
    await categories.dialog.getByRole('button', { name: 'Cancel' }).click();
    await categories.dialog.waitFor({ state: 'hidden' });
    expect(prompts.asked).toEqual([]);

    // Typed, then Escape: the question; staying keeps the form and what was typed.
    await categories.startAdding();
    await categories.fill({ name: 'Half-typed category' });
    prompts.answerWith('stay');
    await page.keyboard.press('Escape');
    await expect.poll(() => prompts.asked).toEqual([prompts.question]);
    expect(await categories.dialog.getByLabel('Name (English)').inputValue()).toBe('Half-typed category');

    // The close button asks too; staying keeps the form open.
    await categories.dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => prompts.asked).toEqual([prompts.question, prompts.question]);
    expect(new URL(page.url()).pathname).toBe('/admin/categories');
    expect(await categories.dialog.isVisible()).toBe(true);

    // The browser's Back button: the question; staying keeps the page, the form and what was typed.
    await page.goBack();
    await expect.poll(() => prompts.asked.length).toBe(3);
    expect(prompts.asked.at(-1)).toBe(prompts.question);
    expect(new URL(page.url()).pathname).toBe('/admin/categories');
    expect(await categories.dialog.getByLabel('Name (English)').inputValue()).toBe('Half-typed category');

    // Closing the tab: the browser's own question.
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => prompts.asked.at(-1)).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    // Cancel, answered 'leave': the form closes, its text is gone.
    prompts.answerWith('leave');
    await categories.dialog.getByRole('button', { name: 'Cancel' }).click();
    await categories.dialog.waitFor({ state: 'hidden' });
    expect(prompts.asked.length).toBe(5);
  });

  it('Back, answered leave, goes to the page before with the typed form dropped', async () => {
    const page = await browser.reset({ language: 'en', viewport: 'desktop' });
    await storeSession(browser.context, admin);
    const prompts = new UnsavedChangesPrompts(page);
    const categories = new AdminCategoriesPage(page);
    await page.goto('/admin');
    await page
      .getByRole('navigation', { name: 'Admin navigation' })
      .getByRole('link', { name: 'Categories', exact: true })
      .click();
    await page.locator('article').first().waitFor();
    await categories.startAdding();
    await categories.fill({ name: 'Abandoned category' });
    prompts.answerWith('leave');
    await page.goBack();
    await expect.poll(() => prompts.asked).toEqual([prompts.question]);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin');
  });

  it('asks in Arabic', async () => {
    const page = await browser.reset({ language: 'ar', viewport: 'phone' });
    await storeSession(browser.context, admin);
    const prompts = new UnsavedChangesPrompts(page, 'ar');
    await page.goto('/admin/categories');
    await page.locator('main article').first().waitFor();
    await page.getByRole('button', { name: 'إضافة فئة' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('input[type="text"], input:not([type])').first().fill('فئة');
    await page.keyboard.press('Escape');
    await expect.poll(() => prompts.asked).toEqual([prompts.question]);
    expect(await dialog.isVisible()).toBe(true);
  });
});
