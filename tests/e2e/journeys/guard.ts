/**
 * The guard every role journey runs under (issue: "every role's day works end to end"):
 *  - any console error fails the journey;
 *  - any /api answer ≥ 400 fails it, unless the step declared it expected (`expectRefusal`), as a
 *    screen that asks for a refusal on purpose (a close refused while a control is open);
 *  - `expectAccessible` runs axe on the screen in view and fails on a serious or critical finding;
 *  - `expectItalian` (also run by every `expectAccessible`) reads the screen's visible text and fails
 *    on a raw message id (`customers.command.section`) or a raw enum value (`toCall`, `closed-with-anomalies`)
 *    shown where its Italian name belongs (issue «Italian everywhere, enforced», below).
 *
 *   const guard = guardJourney(page);
 *   … keys …
 *   await guard.expectRefusal(/\/api\/assignments\/.+\/transitions/, 409, () => page.keyboard.press('Control+Enter'));
 *   await guard.expectAccessible('intervention closed');
 *   guard.expectClean();
 */
import { expect } from 'vitest';
import { settledAxe } from '../harness.ts';
import * as domainEnums from '../../../src/domain/enums.ts';
import { courseEditionOutcomes } from '../../../src/domain/entities/course-editions.ts';
import { quotationLineKinds } from '../../../src/domain/entities/quotation-products.ts';
import { importRegisters, importStates, registers } from '../../../src/domain/import/register-import.ts';
import { machineStateLabels } from '../../../src/domain/machines/index.ts';
import { deadlineKinds, dueWindows, extinguishingAgents, ruleBases } from '../../../src/domain/rules/maintenance-rules.ts';
import enumLabels from '../../../src/client/i18n/messages/screens-labels.ts';
import type { Page, Response } from 'playwright-core';

export interface JourneyGuard {
  /** Runs `step` and lets answers matching `url` with `status` through (at least one must come). */
  expectRefusal(url: RegExp, status: number, step: () => Promise<unknown>): Promise<void>;
  /** axe on the page as it is: no serious or critical violation; and the Italian scan (`expectItalian`). */
  expectAccessible(where: string): Promise<void>;
  /** The visible text, labels, titles and placeholders show no raw message id and no raw enum value. */
  expectItalian(where: string): Promise<void>;
  /** Fails with every console error and unexpected refused answer seen so far. */
  expectClean(): void;
}

interface Allowance { url: RegExp; status: number; seen: number }

export function guardJourney(page: Page): JourneyGuard {
  const problems: string[] = [];
  const allowances: Allowance[] = [];
  // The answers a step expected to be refused: the browser also logs each as «Failed to load resource».
  const refusedUrls = new Set<string>();
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource') && refusedUrls.has(message.location().url)) return;
    problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/') || response.status() < 400) return;
    const allowance = allowances.find((entry) => entry.status === response.status() && entry.url.test(url.pathname + url.search));
    if (allowance) {
      allowance.seen += 1;
      refusedUrls.add(response.url());
    } else problems.push(`${response.request().method()} ${url.pathname}${url.search} → ${response.status()}`);
  });
  return {
    async expectRefusal(url, status, step) {
      const allowance: Allowance = { url, status, seen: 0 };
      allowances.push(allowance);
      try {
        const answered = page.waitForResponse((response) => response.status() === status && url.test(new URL(response.url()).pathname), { timeout: 15_000 });
        await step();
        await answered;
      } finally {
        allowances.splice(allowances.indexOf(allowance), 1);
      }
      expect(allowance.seen, `expected a ${status} from ${url}`).toBeGreaterThan(0);
    },
    async expectAccessible(where) {
      await expectItalian(page, where);
      const result = await (await settledAxe(page)).analyze();
      const serious = result.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${where}: ${violation.id} (${violation.help}) at ${violation.nodes.slice(0, 3).map((node) => node.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    },
    async expectItalian(where) {
      await expectItalian(page, where);
    },
    expectClean() {
      expect(problems).toEqual([]);
    },
  };
}

// ——— The Italian scan (issue «Italian everywhere, enforced») ———————————————————————————————————————
//
// One page.evaluate reads what a user reads: document.title, document.body.innerText (rendered text
// only: a hidden tab's panel, display:none, is left out) and the aria-label, title, placeholder and
// alt of the elements that are rendered (checkVisibility). The text is cut into tokens that keep
// their inner dots, hyphens, @ and slashes, so an e-mail address, a URL, a file name, a decimal, a
// date or a code (PRV-2026-00012) stays one token and is judged whole. A token fails when it is:
//  1. a raw message id: dotted identifiers starting lowercase (`customers.command.section`,
//     `form.field.x`), unless its last part is a file extension (registro.xlsx) or a top-level
//     domain (demo.sicurezza.it);
//  2. a raw enum value: exactly (case included) one of the domain's enum values that has an Italian
//     name (form.enum.* in screens-labels.ts, or a state machine's label) different from the value
//     itself, lowercase or camelCase (hyphens allowed: `to-be-approved`), three characters or more, and not in RAW_ENUM_ALLOWED.

/** File extensions and top-level domains: a dotted token ending in one is a file name or a host, not a message id. */
const NOT_A_KEY_ENDINGS = new Set([
  'xlsx', 'xls', 'csv', 'pdf', 'doc', 'docx', 'odt', 'ods', 'txt', 'rtf', 'jpg', 'jpeg', 'png', 'gif', 'webp', 'svg',
  'heic', 'tif', 'tiff', 'bmp', 'zip', 'json', 'xml', 'html', 'htm', 'mp3', 'mp4', 'mov', 'wav', 'eml', 'msg', 'p7m',
  'it', 'com', 'org', 'net', 'eu', 'io', 'info', 'biz', 'local', 'localhost', 'test', 'example', 'invalid', 'sm', 'ch',
]);

/**
 * Enum values that are also ordinary Italian words, so a whole-word match in Italian text says
 * nothing (values whose Italian name is the same word, as `video`, `audio`, `standard`, `base`,
 * `marketing`, `sprinkler`, `euro`, `kg`, `email`, are left out on their own):
 *  - `media` (mediaNodeKinds, «File»): Italian «media» (average, «media ponderata»);
 *  - `male` (genders, «Maschio»): Italian «male» (harm, «fa male», «mal di…»).
 */
const RAW_ENUM_ALLOWED = new Set(['media', 'male']);

/**
 * Raw text a journey is known to show, whose fix is in code outside the journeys' files (not a
 * missing catalogue entry). Each entry is narrow: the exact strings, on the named step, in the
 * context that produces them; the same string anywhere else, or any other raw text on that step,
 * still fails. Remove an entry when its fix lands (the scan then guards that screen whole).
 */
export const KNOWN_RAW_UNTIL_FIXED: readonly { texts: readonly string[]; step: RegExp; context: (token: string) => RegExp; source: string; shows: string }[] = [
  // None at present. The first run found the role editor's CASL subject names in brackets
  // («preventivi (quotation)», rule-editor.tsx:233), fixed in db2d5bb. An entry looked like:
  // { texts: ['quotation'], step: /^role screen$/, context: (token) => new RegExp(`\\([a-zA-Z ]*\\b${token}\\b[a-zA-Z ]*\\)`),
  //   source: 'src/client/forms/editors/rule-editor.tsx:233', shows: '«preventivi (quotation)»' },
];

const enumValueLists: readonly (readonly string[])[] = [
  ...Object.values(domainEnums as Record<string, unknown>).filter((value): value is readonly string[] => Array.isArray(value) && value.every((item) => typeof item === 'string')),
  courseEditionOutcomes, quotationLineKinds, importStates, importRegisters, Object.keys(registers.equipments.targets),
  deadlineKinds, dueWindows, extinguishingAgents, ruleBases,
  ...Object.values(machineStateLabels).map((labels) => Object.keys(labels)),
];

const catalogue = enumLabels as Record<string, string>;
const machineLabel = (value: string) => Object.values(machineStateLabels).map((labels) => labels[value]).find((label) => label !== undefined);

/** The enum values that must never show raw: each with its Italian name, for the failure's message. */
export const RAW_ENUM_VALUES: ReadonlyMap<string, string> = new Map(
  [...new Set(enumValueLists.flat())]
    .filter((value) => /^(?=[a-zA-Z-]{3,}$)[a-z][a-zA-Z]*(?:-[a-z]+)*$/.test(value) && !RAW_ENUM_ALLOWED.has(value))
    .map((value) => [value, catalogue[`form.enum.${value}`] ?? machineLabel(value)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== undefined && entry[1].toLowerCase() !== entry[0].toLowerCase()),
);

interface Seen { token: string; where: string; context: string }

/** The tokens of what the page shows, with where each was read and a few words around it (one evaluate). */
async function visibleTokens(page: Page): Promise<Seen[]> {
  return page.evaluate(() => {
    const seen: { token: string; where: string; context: string }[] = [];
    const tokenPattern = /[\p{L}\p{N}_](?:[\p{L}\p{N}_.@/-]*[\p{L}\p{N}_])?/gu;
    const read = (text: string, where: string) => {
      for (const match of text.matchAll(tokenPattern)) {
        const at = match.index ?? 0;
        seen.push({ token: match[0], where, context: text.slice(Math.max(0, at - 40), at + match[0].length + 40).replace(/\s+/g, ' ').trim() });
      }
    };
    read(document.title, 'document title');
    read(document.body.innerText, 'text');
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (!element.checkVisibility()) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value) read(value, `${name} of <${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.split(/\s+/)[0]}` : ''}>`);
      }
    }
    return seen;
  });
}

const rawKeyPattern = /^[a-z][a-zA-Z0-9]+(?:\.[a-zA-Z][a-zA-Z0-9_-]*)(?:\.[a-zA-Z0-9][a-zA-Z0-9_-]*)*$/;

/** Why `token` must not show, or undefined when it may. */
export function rawReason(token: string): string | undefined {
  if (rawKeyPattern.test(token) && !NOT_A_KEY_ENDINGS.has(token.slice(token.lastIndexOf('.') + 1).toLowerCase())) return 'raw message id';
  const italian = RAW_ENUM_VALUES.get(token);
  if (italian !== undefined) return `raw enum value (Italian: «${italian}»)`;
  return undefined;
}

/**
 * Fails, naming the step, with every raw message id and raw enum value the page shows (those in
 * KNOWN_RAW_UNTIL_FIXED aside). ITALIAN_SCAN=report logs them instead (to list them all in one run).
 */
export async function expectItalian(page: Page, where: string): Promise<void> {
  const known = (token: string, context: string) =>
    KNOWN_RAW_UNTIL_FIXED.some((entry) => entry.texts.includes(token) && entry.step.test(where) && entry.context(token).test(context));
  const found = new Map<string, string>();
  for (const { token, where: place, context } of await visibleTokens(page)) {
    const reason = rawReason(token);
    if (reason === undefined || known(token, context)) continue;
    const line = `${where}: «${token}» — ${reason}, in ${place}: “${context}”`;
    if (!found.has(`${token} ${place}`)) found.set(`${token} ${place}`, line);
  }
  const findings = [...found.values()];
  if (process.env.ITALIAN_SCAN === 'report') {
    for (const finding of findings) console.warn(`[italian-scan] ${finding}`);
    return;
  }
  expect(findings, `raw keys or enum values on «${where}»`).toEqual([]);
}
