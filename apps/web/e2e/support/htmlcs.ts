import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * HTML_CodeSniffer beside axe: it computes contrast from the colours it reads itself, so it judges text that
 * axe leaves as "needs review" (Arabic script, among others) and finds what axe passes there.
 */
const HTMLCS_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('html_codesniffer/build/HTMLCS.js'),
  'utf8',
);

/**
 * The HTMLCS errors this app answers for by design, each matched on the element it is reported on. Keep
 * this short: every entry is a rule HTMLCS gets wrong here, not a finding nobody fixed.
 */
const FALSE_POSITIVES: { code: string; selector: string }[] = [
  {
    // The account e-mail box is `type="email" autocomplete="username"`: the account's username is its e-mail,
    // and that is how password managers learn which box to fill. HTMLCS applies HTML 5.2's control-group
    // table, where "username" fits plain text boxes only, so it calls the e-mail box wrong.
    code: 'WCAG2AA.Principle1.Guideline1_3.1_3_5.H98',
    selector: 'input[type="email"][autocomplete="username"]',
  },
  {
    // HTMLCS's own "Url" control group lists type="email" where type="url" belongs (a slip in the rule), so
    // it refuses autocomplete="url" on the one input made for addresses.
    code: 'WCAG2AA.Principle1.Guideline1_3.1_3_5.H98',
    selector: 'input[type="url"][autocomplete="url"]',
  },
  {
    // The code boxes' fieldset is named by aria-labelledby (the step's heading or label, already on screen),
    // and a dialog form's fieldset (there to disable every field while it saves) by aria-label, its title:
    // WCAG's ARIA17 technique accepts either for a group; HTMLCS knows only a <legend> (H71).
    code: 'WCAG2AA.Principle1.Guideline1_3.1_3_1.H71.NoLegend',
    selector: 'fieldset[aria-labelledby], fieldset[aria-label]',
  },
];

interface Finding {
  code: string;
  message: string;
  html: string;
  excused: boolean;
}

/** Runs in the page: HTMLCS's WCAG 2 AA errors, each with whether a FALSE_POSITIVES entry excuses it. */
function sniffInPage(excuses: { code: string; selector: string }[]): Promise<Finding[]> {
  type Message = { type: number; code: string; msg: string; element: Element };
  interface Sniffer {
    process(standard: string, content: Document, done: () => void, failed: () => void): void;
    getMessages(): Message[];
  }
  const sniffer = (window as unknown as { HTMLCS: Sniffer }).HTMLCS;
  // HTMLCS 2.5.1 asks its catalog for 'InvalidAutoComplete_*' while the catalog spells 'InvalidAutocomplete_*',
  // so the autocomplete rule throws instead of reporting; the missing spellings are added back.
  const catalog = (window as unknown as { translation: Record<string, Record<string, string>> }).translation
    .en!;
  for (const key of Object.keys(catalog)) {
    if (key.includes('InvalidAutocomplete_'))
      catalog[key.replace('Autocomplete', 'AutoComplete')] = catalog[key]!;
  }
  return new Promise((resolve, reject) => {
    sniffer.process(
      'WCAG2AA',
      document,
      () => {
        // Type 1 is a failure; 2 (warning) and 3 (notice) ask a person to look, and are no verdict.
        const messages = sniffer.getMessages().filter((message) => message.type === 1);
        resolve(
          messages.map((message) => ({
            code: message.code,
            message: message.msg,
            // Page-wide messages are reported on the document, which has no markup of its own.
            html: message.element.outerHTML?.slice(0, 160) ?? 'the document',
            excused: excuses.some(
              (excuse) =>
                message.code.startsWith(excuse.code) &&
                message.element instanceof Element &&
                message.element.matches(excuse.selector),
            ),
          })),
        );
      },
      () => reject(new Error('HTML_CodeSniffer could not load WCAG2AA')),
    );
  });
}

/**
 * HTML_CodeSniffer's WCAG 2 AA errors on the page as it is now, one line each (rule, message, element), less
 * the documented false positives. The sniffer is loaded into the page (and stays until it navigates).
 */
export async function htmlCodeSnifferErrors(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol, not added as a <script>: the app's content security policy
  // (script-src 'self') would refuse an inline script, and rightly so.
  if (!(await page.evaluate(() => 'HTMLCS' in window))) await page.evaluate(HTMLCS_SOURCE);
  const findings = await page.evaluate(sniffInPage, FALSE_POSITIVES);
  const lines = findings
    .filter((finding) => !finding.excused)
    .map(
      (finding) => `${finding.code.split('.').slice(-2).join('.')}: ${finding.message} at ${finding.html}`,
    );
  return [...new Set(lines)];
}
