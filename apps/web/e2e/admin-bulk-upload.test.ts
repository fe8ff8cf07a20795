import { describe, expect, it } from 'vitest';
import { AdminBulkUploadModal } from './pages/admin-bulk-upload';
import { deleteSongs } from './support/api';
import { setUpBrowser } from './support/browser';
import { ADMIN, apiAs, signInAs } from './support/session';

const browser = setUpBrowser();

/** Deletes the songs a journey created, so the other browser journeys see the seed's catalogue. */
async function deleteSongsMatching(token: string, search: string) {
  const found = await apiAs<Array<{ _id: string }> | undefined>(
    browser.baseUrl,
    token,
    `/admin/songs?limit=100&search=${encodeURIComponent(search)}`,
  );
  await deleteSongs(
    browser.baseUrl,
    token,
    (found ?? []).map((song) => song._id),
  );
}

describe('bulk upload', () => {
  it('downloads the template, uploads good and bad rows, reads the summary and finds the new songs', async () => {
    const page = browser.page;
    const { token } = await signInAs(browser.context, browser.baseUrl, ADMIN);
    const run = `Bulk${Date.now().toString(36)}`;
    const modal = new AdminBulkUploadModal(page);
    try {
      await modal.open();
      expect(await modal.uploadButton.isDisabled()).toBe(true);

      const template = await modal.downloadTemplate();
      expect(template.name).toBe('bulk-upload-template.csv');
      await page.getByText('Template downloaded successfully!').waitFor();
      const [header, firstExample] = template.text.replace(/^\ufeff/, '').split(/\r?\n/);
      expect(header).toBe('title,artist,song_link,category_name,description,duration,release_date,tags');
      const category = firstExample!.split(',')[3]!;

      // A file that is not CSV is refused before anything is sent.
      await modal.chooseFile('cover.png', 'not a csv', 'image/png');
      await modal.dialog.getByText('Please select a valid CSV file').waitFor();
      expect(await modal.uploadButton.isDisabled()).toBe(true);

      const csv = [
        header,
        `${run} Sunrise,Bulk Artist,https://www.youtube.com/watch?v=bulk0000001,${category},,3:45,2025-09-10,afro`,
        '# a comment line, ignored',
        '',
        `"${run} Quote, ""Live""",Bulk Artist,https://open.spotify.com/track/bulk2,${category.toLowerCase()},,,,`,
        `${run} No Artist,,https://www.youtube.com/watch?v=bulk0000003,${category},,,,`,
        `${run} Bad Link,Bulk Artist,not-a-link,${category},,,,`,
        `${run} Lost,Bulk Artist,https://www.youtube.com/watch?v=bulk0000005,No Such Category,,,,`,
        `${run} sunrise,BULK ARTIST,https://www.youtube.com/watch?v=bulk0000006,${category},,,,`,
      ].join('\r\n');
      await modal.chooseFile('songs.csv', csv);
      expect(await modal.uploadButton.isDisabled()).toBe(false);
      await modal.upload();

      expect(await modal.progress()).toBe(100);
      expect(await modal.summary()).toEqual({ Total: '6', Successful: '2', Failed: '4' });
      expect(await modal.failures()).toEqual([
        `Row 3 | ${run} No Artist | Artist is required`,
        `Row 4 | ${run} Bad Link | Please enter a valid http(s) link`,
        `Row 5 | ${run} Lost | No category has this name or id. Use a category name from the template.`,
        `Row 6 | ${run} sunrise | A song with the same title and artist already exists in that category.`,
      ]);
      await page.getByText('2 songs uploaded successfully, 4 rows failed').first().waitFor();

      // Rows failed: the modal waits for the admin to read them.
      await page.waitForTimeout(3500);
      expect(await modal.dialog.isVisible()).toBe(true);
      await modal.close();

      // The songs list refreshed: the new songs are there, approved.
      await page
        .getByRole('searchbox')
        .or(page.getByLabel('Search', { exact: true }))
        .first()
        .fill(run);
      await page.getByRole('button', { name: 'Search Songs' }).click();
      await page.getByText(`${run} Sunrise`).first().waitFor();
      await page.getByText(`${run} Quote, "Live"`).first().waitFor();
      expect(await page.getByText(`${run} Bad Link`).count()).toBe(0);

      // A clean upload closes the modal by itself 3 seconds after the summary.
      await modal.dialog.page().getByRole('button', { name: 'Bulk Upload' }).click();
      await modal.dialog.waitFor();
      await modal.chooseFile(
        'more.csv',
        `${header}\n${run} Encore,Bulk Artist,https://vimeo.com/1234,${category}\n`,
      );
      await modal.upload();
      expect(await modal.summary()).toEqual({ Total: '1', Successful: '1', Failed: '0' });
      await modal.dialog.waitFor({ state: 'hidden', timeout: 6000 });
      await page.getByText(`${run} Encore`).first().waitFor();
    } finally {
      await deleteSongsMatching(token, run);
    }
  });
});
