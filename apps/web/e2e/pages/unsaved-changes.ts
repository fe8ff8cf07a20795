import type { Dialog, Page } from 'playwright-core';
import { text } from './catalogs';

/**
 * The browser's questions before unsaved changes are lost ('You have unsaved changes. Leave and discard
 * them?', or its own on a reload): each one is recorded and answered as the test says.
 */
export class UnsavedChangesPrompts {
  /** What each question said ('beforeunload' for the browser's own), in order. */
  readonly asked: string[] = [];
  private answer: 'stay' | 'leave' = 'stay';

  constructor(
    page: Page,
    readonly language = 'en',
  ) {
    page.on('dialog', (dialog: Dialog) => {
      this.asked.push(dialog.type() === 'beforeunload' ? 'beforeunload' : dialog.message());
      void (this.answer === 'leave' ? dialog.accept() : dialog.dismiss());
    });
  }

  /** The question the app asks, in the page's language. */
  get question(): string {
    return text(this.language, 'kit.unsaved.confirm', 'admin');
  }

  /** The next questions are answered 'stay' (Cancel) or 'leave' (OK). */
  answerWith(answer: 'stay' | 'leave') {
    this.answer = answer;
  }
}
