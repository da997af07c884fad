/**
 * SPEC §8: a final problem becomes a danger alert whose id is the problem type (the same problem
 * twice replaces rather than stacks), title the generic error text, content the translation of
 * `problems.{code}`, then `problems.{message}`, then `problems.{title}`, then the raw title.
 */
import { pushAlert } from '../alerts/alerts.ts';
import { hasMessage, intl } from '../i18n/index.ts';
import type { ApiProblem } from './http.ts';

export function problemText(problem: Pick<ApiProblem, 'code' | 'title' | 'body'>): string {
  const message = typeof problem.body.message === 'string' ? problem.body.message : '';
  for (const key of [problem.code, message, problem.title]) {
    if (key && hasMessage(`problems.${key}`)) return intl.formatMessage({ id: `problems.${key}` }, problemValues(problem));
  }
  // A server message is already Italian (README "Errors"); otherwise the raw title.
  return message || problem.title || intl.formatMessage({ id: 'problems.generic.content' });
}

function problemValues(problem: Pick<ApiProblem, 'body'>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(problem.body)) if (typeof value === 'string' || typeof value === 'number') values[key] = String(value);
  return values;
}

export function showProblemAlert(problem: ApiProblem): void {
  pushAlert({
    id: problem.type || `problem-${problem.code || problem.status}`,
    type: 'danger',
    title: intl.formatMessage({ id: 'problems.generic.title' }),
    content: problemText(problem),
  });
}
