import type { Page } from 'playwright-core';

/** The admin area's refusal to a signed-in user without the admin role: 'Access Denied' with Go Home. */
export class AdminAccessDenied {
  constructor(private readonly page: Page) {}

  /** Opens an admin path and waits for the Access Denied heading. */
  async open(path: string, title = 'Access Denied') {
    await this.page.goto(path);
    await this.page.getByRole('heading', { level: 1, name: title }).waitFor();
  }

  /** The view's explanation under its heading. */
  async text() {
    return (await this.page.locator('main section p').first().innerText()).trim();
  }

  path() {
    return new URL(this.page.url()).pathname;
  }

  /** Follows Go Home and answers the path it lands on. */
  async goHome(name = 'Go Home') {
    await this.page.getByRole('link', { name }).click();
    await this.page.waitForURL((url) => url.pathname === '/');
    return this.path();
  }
}
