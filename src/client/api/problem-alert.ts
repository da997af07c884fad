/**
 * SPEC §8: a final problem becomes a danger alert whose id is the problem type (the same problem
 * twice replaces rather than stacks), title the generic error text, content the translation of
 * `problems.{code}`, then `problems.{message}`, then `problems.{title}`, then the raw title; followed
 * by the server's own message and each `errors[].message` where they say more (never a title alone).
 */
import { moduleLabel } from '../../domain/module-labels.ts';
import { pushAlert } from '../alerts/alerts.ts';
// The start-up's catalogue: the API's problems are there before the app is (main.tsx).
import { hasMessage, intl } from '../i18n/catalogue.ts';
import type { ApiProblem } from './http.ts';

export function problemText(problem: Pick<ApiProblem, 'code' | 'title' | 'body'> & { status?: number }): string {
  const message = typeof problem.body.message === 'string' ? problem.body.message : '';
  // A refusal that names its module (`module: 'edu'`) says which, by its Italian name, in place of «questo elemento».
  const named = moduleLabel(problem.body.module) && problem.code ? [`${problem.code}.module`] : [];
  for (const key of [...named, problem.code, message, problem.title]) {
    if (!key || !hasMessage(`problems.${key}`)) continue;
    // The code's text, then the server's own message when it says more than that text (which order, which state: «Ordine: non
    // modificabile nello stato «Completato»…» after «L’elemento non è modificabile…»); a message that is itself a key is translated instead.
    // Status 0 is the browser's own failure (no server spoke): its text («Failed to fetch») is not the user's language.
    const own = key === message || problem.status === 0 ? [] : [message];
    return withDetails(intl.formatMessage({ id: `problems.${key}` }, problemValues(problem)), problem, own);
  }
  // A server message is already Italian (README "Errors"); otherwise the raw title.
  return withDetails(message || problem.title || intl.formatMessage({ id: 'problems.generic.content' }), problem);
}

const plain = (text: string) => text.trim().replace(/[.!]+$/, '').toLocaleLowerCase('it');

/**
 * The text, then each `errors[].message` the server sent (the reason a generic «I dati inviati non
 * sono validi» stands for: «…già pianificata in un intervento»), each once.
 */
function withDetails(text: string, problem: Pick<ApiProblem, 'body'>, before: readonly string[] = []): string {
  const errors = Array.isArray(problem.body.errors) ? (problem.body.errors as { message?: unknown }[]) : [];
  const said = [...before, ...errors.map((error) => error?.message)].filter((m): m is string => typeof m === 'string' && m.trim() !== '');
  const seen = new Set([plain(text)]);
  const details: string[] = [];
  for (const detail of said) {
    if (seen.has(plain(detail))) continue;
    seen.add(plain(detail));
    details.push(/[.!?]$/.test(detail.trim()) ? detail.trim() : `${detail.trim()}.`);
  }
  if (details.length === 0) return text;
  return `${/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`} ${details.join(' ')}`;
}

function problemValues(problem: Pick<ApiProblem, 'body'>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(problem.body)) if (typeof value === 'string' || typeof value === 'number') values[key] = String(value);
  const module = moduleLabel(problem.body.module);
  if (module) values.moduleLabel = module;
  return values;
}

/**
 * `failure`: the message id of what failed (records.ts `failureOf`), the title in place of the generic
 * one; by default the one the failed request carried (a silent request reported by its caller).
 */
export function showProblemAlert(problem: ApiProblem, failure: string | undefined = problem.failure): void {
  // The browser knows it has no network: one steady notice that says so, not an error per request that could not leave.
  if (problem.status === 0 && globalThis.navigator?.onLine === false) {
    pushAlert({ id: 'offline', type: 'warning', content: intl.formatMessage({ id: 'problems.offline' }) });
    return;
  }
  pushAlert({
    id: problem.type || `problem-${problem.code || problem.status}`,
    type: 'danger',
    title: intl.formatMessage({ id: failure && hasMessage(failure) ? failure : 'problems.generic.title' }),
    content: problemText(problem),
  });
}
