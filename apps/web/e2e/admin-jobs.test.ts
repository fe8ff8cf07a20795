import type { Job, JobRun } from '@ovation/shared/schemas/admin-jobs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AdminAuditPage, auditText } from './pages/admin-audit';
import { AdminJobsPage, withoutIsolates } from './pages/admin-jobs';
import { text } from './pages/catalogs';
import { callApi } from './support/api';
import { setUpBrowser } from './support/browser';
import { DESKTOP_WIDTH, expectAdminDesktopLayout, expectReachable, openWidePage } from './support/reach';
import { ADMIN, apiAs, logIn, signInAs, storeSession } from './support/session';

const browser = setUpBrowser();
/** Today's jobs, by their codes. */
const JOBS = [
  'vote-batch-witnesses',
  'code-requests',
  'retention',
  'expired-credentials',
  'job-runs',
  'online-users-summary',
];
/** The job the journey runs by hand: it only forgets old code-mail requests, which no other journey reads. */
const JOB = 'code-requests';
const ADMIN_NAME = 'Ovation Admin';
/** A phone: the jobs stack, and Recent runs scrolls sideways inside its own card (never the page). */
const PHONE_WIDTH = 390;

/** How far the page scrolls sideways (0 when it fits). */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/** Waits until the screen shows every job and its first page of runs. */
async function settled(screen: AdminJobsPage, page: Page) {
  for (const code of JOBS) await screen.job(code).waitFor();
  await page.locator('table[aria-busy="true"]').waitFor({ state: 'detached' });
  await (await screen.runRows()).first().waitFor();
}

describe('scheduled jobs', () => {
  it('runs a job now after confirming, shows it in the job and in Recent runs, and filters the runs', async () => {
    const page = browser.page;
    const admin = await signInAs(browser.context, browser.baseUrl, ADMIN);
    const screen = new AdminJobsPage(page);

    // Reached from the sidebar, right after Online users.
    await page.goto('/admin');
    const nav = page.getByRole('navigation', { name: text('en', 'layout.navLabel', 'admin') }).first();
    const jobsLink = nav.getByRole('link', { name: text('en', 'nav.jobs', 'admin') });
    await jobsLink.waitFor();
    const links = await nav.getByRole('link').allInnerTexts();
    const onlineUsers = links.indexOf(text('en', 'nav.onlineUsers', 'admin'));
    expect(links[onlineUsers + 1]).toBe(text('en', 'nav.jobs', 'admin'));
    await jobsLink.click();
    await page.getByRole('heading', { level: 1, name: screen.text('title') }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/jobs');

    // The six jobs, each named in words, with what it does and its schedule in words.
    await screen.open();
    expect((await screen.jobNames()).sort()).toEqual(JOBS.map((code) => screen.jobName(code)).sort());
    const card = screen.job(JOB);
    const cardText = await card.innerText();
    expect(cardText).toContain(screen.text(`descriptions.${JOB}`));
    expect(cardText).toContain(screen.text('schedule.everyMinutes_other').replace('{{number}}', '15'));
    expect(cardText).toContain('*/15 * * * *');
    expect(await screen.job('job-runs').innerText()).toContain('03:40 UTC');
    expect(await screen.job('online-users-summary').innerText()).toContain(
      screen.text('schedule.everyMinute'),
    );

    // Run now asks first, then runs, toasts, and the card shows the admin's successful run.
    expect(await screen.runNow(JOB)).toBe(screen.jobName(JOB));
    await screen.toast(screen.text('run.succeeded').replace('{{name}}', screen.jobName(JOB)));
    await expect
      .poll(async () => withoutIsolates(await card.innerText()))
      .toContain(`${screen.text('triggers.admin')}: ${ADMIN_NAME}`);
    const ran = withoutIsolates(await card.innerText());
    expect(ran).toContain(screen.text('statuses.succeeded'));
    expect(ran).toMatch(new RegExp(`${screen.text('rows.kinds.code_requests')}: \\d+`));

    // The server recorded it: an admin run, succeeded, by this admin.
    const runs = await apiAs<JobRun[]>(browser.baseUrl, admin.token, `/admin/jobs/runs?job=${JOB}`);
    const mine = runs.find((run) => run.trigger === 'admin');
    expect(mine).toMatchObject({ job: JOB, status: 'succeeded', triggeredBy: { name: ADMIN_NAME } });
    const jobs = await apiAs<Job[]>(browser.baseUrl, admin.token, '/admin/jobs');
    expect(jobs.find((job) => job.name === JOB)?.lastSucceededAt).toBeTruthy();

    // Recent runs, filtered by the job (kept in the URL): only its runs, the admin's among them.
    await screen.filterJob(JOB);
    await expect.poll(() => new URL(page.url()).searchParams.get('job')).toBe(JOB);
    await expect
      .poll(async () => (await screen.runCells()).every((cells) => cells[1] === screen.jobName(JOB)))
      .toBe(true);
    const adminRow = (await screen.runCells()).find((cells) => cells[2]?.includes(ADMIN_NAME));
    expect(adminRow?.[2]).toContain(screen.text('triggers.admin'));
    expect(adminRow?.[3]).toBe(screen.text('statuses.succeeded'));
    expect(adminRow?.[5]).toMatch(new RegExp(`${screen.text('rows.kinds.code_requests')}: \\d+`));

    // No failed run of it: the empty state offers to clear the filters, which brings every job back.
    await screen.filterStatus('failed');
    await page.getByText(screen.text('runs.empty'), { exact: true }).waitFor();
    await screen.clearFilters();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await (await screen.runRows()).first().waitFor();

    // A reload keeps a filter from the URL.
    await screen.open(`?job=${JOB}`);
    expect(await page.getByLabel(screen.text('filters.job'), { exact: true }).inputValue()).toBe(JOB);

    // The audit log names the run by hand.
    const audit = new AdminAuditPage(page);
    await audit.open('?action=job.run');
    expect(await audit.actions()).toContain(auditText('actions.job.run'));
    expect(await audit.entry(JOB).first().innerText()).toContain(auditText('targets.job'));
  });

  it('reads at 390 px and 1366 px in English and Arabic without sideways scrolling or serious axe findings', async () => {
    const admin = await logIn(browser.baseUrl, ADMIN);
    // A run to list, whatever ran before.
    expect((await callApi(browser.baseUrl, admin.token, 'POST', `/admin/jobs/${JOB}/run`)).status).toBe(200);
    for (const language of ['en', 'ar']) {
      const phone = await browser.reset({ language, viewport: 'phone' });
      await phone.setViewportSize({ width: PHONE_WIDTH, height: 844 });
      await phone.emulateMedia({ reducedMotion: 'reduce' });
      await storeSession(browser.context, admin);
      const small = new AdminJobsPage(phone, language);
      await small.open();
      await settled(small, phone);
      expect(await phone.locator('html').getAttribute('dir')).toBe(language === 'ar' ? 'rtl' : 'ltr');
      expect(await sidewaysOverflow(phone), `${language}, ${PHONE_WIDTH} px`).toBe(0);
      await expectReachable(phone, `scheduled jobs, ${language}, ${PHONE_WIDTH} px`);

      const wide = await openWidePage(browser, language);
      await storeSession(browser.context, admin);
      const large = new AdminJobsPage(wide, language);
      await large.open();
      await settled(large, wide);
      expect(await sidewaysOverflow(wide), `${language}, ${DESKTOP_WIDTH} px`).toBe(0);
      await expectAdminDesktopLayout(wide, language, `scheduled jobs, ${language}, ${DESKTOP_WIDTH} px`);
      await expectReachable(wide, `scheduled jobs, ${language}, ${DESKTOP_WIDTH} px`);
    }
  });
});
