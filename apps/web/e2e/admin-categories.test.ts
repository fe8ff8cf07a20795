import { describe, expect, it } from 'vitest';
import { AdminCategoriesPage } from './pages/admin-categories';
import { callApi } from './support/api';
import { setUpBrowser } from './support/browser';
import { ADMIN, apiAs, signInAs } from './support/session';

const browser = setUpBrowser();

interface ListedCategory {
  _id: string;
  name: string;
}

/** Deletes what the journey created if it stopped half-way: other e2e files count the categories. */
async function removeCategoriesNamed(token: string, names: string[]) {
  const categories = await apiAs<ListedCategory[]>(browser.baseUrl, token, '/categories');
  for (const category of categories.filter((each) => names.includes(each.name))) {
    await callApi(browser.baseUrl, token, 'DELETE', `/categories/${category._id}`);
  }
}

/** The category card names a visitor sees on /categories in `language`. */
async function publicCategoryNames(language: string) {
  const page = await browser.reset({ language });
  await page.goto('/categories');
  await page.locator('main ul li a h2').first().waitFor();
  return page.locator('main ul li a h2').allInnerTexts();
}

describe('category management', () => {
  it('creates, edits and deletes a category; the public pages show it at once, translated', async () => {
    const { token } = await signInAs(browser.context, browser.baseUrl, ADMIN);
    const suffix = Date.now().toString(36);
    const name = `Best Highlife Song ${suffix}`;
    const renamed = `Best Highlife Record ${suffix}`;
    const frenchName = `Meilleure chanson highlife ${suffix}`;
    try {
      const screen = new AdminCategoriesPage(browser.page);
      await screen.open();
      const before = await screen.stats();
      expect(Object.keys(before)).toEqual([
        'Total Categories',
        'Total Songs',
        'Total Votes',
        'Avg Songs/Category',
      ]);

      // Add: a regional category needs its region; the French name goes in the Translations section.
      await screen.startAdding();
      await screen.fill({
        name,
        description: 'Horns, guitars and palm-wine grooves.',
        type: 'Regional',
      });
      await screen.submit('Create Category');
      await screen.dialog.getByText('Please choose a region from the list').waitFor();
      await screen.fill({ region: 'West Africa', translatedNames: { Français: frenchName } });
      expect(await screen.dialog.getByLabel('Name (العربية)').getAttribute('dir')).toBe('rtl');
      await screen.submit('Create Category');
      await screen.toast('Category created successfully');
      const card = screen.card(name);
      await card.waitFor();
      expect(await card.innerText()).toContain('Regional');
      expect(await card.innerText()).toContain('West Africa');
      expect(await card.innerText()).toContain('0 songs');
      await expect
        .poll(async () => (await screen.stats())['Total Categories'])
        .toBe(String(Number(before['Total Categories']) + 1));

      // A name already taken, in any case, is refused with the server's reason.
      await screen.startAdding();
      await screen.fill({ name: name.toUpperCase() });
      await screen.submit('Create Category');
      await screen.toast('A category with this name already exists.');
      // The typed form is unsaved: Cancel asks first, and the admin discards it.
      browser.page.once('dialog', (question) => void question.accept());
      await screen.dialog.getByRole('button', { name: 'Cancel' }).click();
      await screen.dialog.waitFor({ state: 'hidden' });

      // Guests see it at once, in English and in French.
      expect(await publicCategoryNames('en')).toContain(name);
      expect(await publicCategoryNames('fr')).toContain(frenchName);

      // Edit: the new name shows on the card.
      const adminPage = await browser.reset();
      await signInAs(browser.context, browser.baseUrl, ADMIN);
      const again = new AdminCategoriesPage(adminPage);
      await again.open();
      await again.startEditing(name);
      expect(await again.dialog.getByLabel('Name (English)').inputValue()).toBe(name);
      await again.fill({ name: renamed });
      await again.submit('Save changes');
      await again.toast('Category updated successfully');
      await again.card(renamed).waitFor();

      // A category with songs cannot be deleted: its Delete is off and says why before any request.
      const blocked = await again.deleteBlockedReason('Song of the Year');
      expect(blocked.disabled).toBe(true);
      expect(blocked.reason).toMatch(
        /^Delete is off while it holds \d+ songs?: move each song to another category/,
      );
      expect(await again.card('Song of the Year').count()).toBe(1);

      // Delete asks first, then the card goes.
      await again.deleteCategory(renamed);
      await again.toast('Category deleted successfully');
      await expect.poll(() => again.card(renamed).count()).toBe(0);
      expect(await publicCategoryNames('en')).not.toContain(renamed);
    } finally {
      await removeCategoriesNamed(token, [name, renamed]);
    }
  });
});
