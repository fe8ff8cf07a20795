import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The demo accounts of the seed (DEMO_SEED=1). */
export const DEMO_PASSWORD = 'Ovation2025!';
export const DEMO = {
  fan: 'fan@ovation.test',
  artist: 'artist@ovation.test',
  admin: 'admin@ovation.test',
} as const;

/** A fresh address per run and call, so journeys never collide with earlier accounts. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@ovation.test`;
}

/** Logs in through the form on /login (the page must already show it). */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** Opens /login, logs in, and waits until the session is stored. */
export async function loginAs(page: Page, email: string) {
  await page.goto('/login');
  await submitLogin(page, email);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
}

/** Types a code into the six OTP boxes the way a phone's autofill does: the whole code into the first. */
export async function typeCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 6').fill(code);
}

/** Waits for the ALTCHA proof of work to finish (it starts when the form gets focus). */
export async function waitForCaptcha(page: Page) {
  await page.locator('altcha-widget .altcha[data-state="verified"]').waitFor({ timeout: 30_000 });
}
