import type { VotingSettings } from '@ovation/shared/schemas/voting';
import { describe, expect, it } from 'vitest';
import { callApi } from './support/api';
import { setUpBrowser } from './support/browser';
import { ADMIN, apiAs, signInAs } from './support/session';

const browser = setUpBrowser();

/** Puts the voting window back as it was: the other browser tests vote in it. */
async function restore(token: string, original: VotingSettings) {
  const { isEnabled, startDate, endDate, timezone, notes } = original;
  const response = await callApi(browser.baseUrl, token, 'PUT', '/voting-settings', {
    isEnabled,
    startDate,
    endDate,
    timezone,
    notes,
  });
  if (!response.ok) throw new Error(`Could not restore the voting window: ${response.status}`);
}

describe('voting control', () => {
  it('refuses a start after the end without a call, closes voting, and resets to defaults', async () => {
    const page = browser.page;
    const { token } = await signInAs(browser.context, browser.baseUrl, ADMIN);
    const original = await apiAs<VotingSettings>(browser.baseUrl, token, '/voting-settings');
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/voting-settings') && request.method() !== 'GET')
        writes.push(request.method());
    });
    try {
      await page.goto('/admin');
      await page.getByRole('link', { name: 'Voting control' }).click();
      await page.getByRole('heading', { level: 1, name: 'Voting control' }).waitFor();
      const status = page.getByTestId('voting-status-reason');
      expect(await status.innerText()).toContain('Voting is active');

      // Start after end: the spec's message under the end date, and nothing sent.
      await page.getByLabel('Start date and time').fill('2026-12-10T20:00');
      await page.getByLabel('End date and time').fill('2026-12-01T20:00');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Start date must be before end date').waitFor();
      expect(writes).toEqual([]);

      // Voting off, in Lagos time: saved, announced, and the public status follows at once.
      await page.getByLabel('End date and time').fill('2026-12-31T20:00');
      await page.getByLabel('Timezone').selectOption('Africa/Lagos');
      await page.getByRole('switch', { name: 'Voting enabled' }).click();
      expect(await page.getByRole('switch').getAttribute('aria-checked')).toBe('false');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Voting settings updated successfully').waitFor();
      await expect.poll(() => status.innerText()).toContain('Voting is disabled by administrator');
      const saved = await apiAs<VotingSettings>(browser.baseUrl, token, '/voting-settings');
      expect(saved).toMatchObject({
        isEnabled: false,
        timezone: 'Africa/Lagos',
        startDate: '2026-12-10T19:00:00.000Z',
        endDate: '2026-12-31T19:00:00.000Z',
      });
      const publicStatus = await apiAs<{ reason: string }>(browser.baseUrl, token, '/voting-settings/status');
      expect(publicStatus.reason).toBe('Voting is disabled by administrator');

      // Reset asks first, then restores the defaults: voting off, no dates, UTC.
      await page.getByRole('button', { name: 'Reset to defaults' }).click();
      const dialog = page.getByRole('dialog', { name: 'Reset voting settings?' });
      expect(await dialog.innerText()).toContain(
        'Are you sure you want to reset voting settings to defaults?',
      );
      await dialog.getByRole('button', { name: 'Reset', exact: true }).click();
      await page.getByText('Voting settings reset to defaults').waitFor();
      expect(await page.getByLabel('Start date and time').inputValue()).toBe('');
      expect(await page.getByLabel('Timezone').inputValue()).toBe('UTC');
      expect(writes).toEqual(['PUT', 'POST']);
    } finally {
      await restore(token, original);
    }
  });
});
