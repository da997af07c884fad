import { afterEach, describe, expect, it } from 'vitest';
import { ApiProblem } from './http.ts';
import { problemText, showProblemAlert } from './problem-alert.ts';
import { alertsAtom, dismissAlert } from '../alerts/alerts.ts';
import { store } from '../store.ts';
import serverCatalogue from '../i18n/messages/problems.ts';
import { problemCatalogue } from '../../server/http/problems.ts';

afterEach(() => {
  for (const alert of store.get(alertsAtom)) dismissAlert(alert.id);
});

describe('SPEC §8 problem texts', () => {
  it('uses problems.{code}, then problems.{message}, then problems.{title}, then the raw title', () => {
    expect(problemText(new ApiProblem(409, { code: 'CUSTOMER_ALREADY_EXISTS', message: 'x', title: 'y' }))).toBe('Esiste già un cliente con questi dati.');
    expect(problemText(new ApiProblem(500, { code: 'UNKNOWN', message: 'Request timed out', title: 'y' }))).toMatch(/troppo tempo/);
    expect(problemText(new ApiProblem(502, { code: 'UNKNOWN', message: 'Unknown message', title: 'Bad Gateway' }))).toMatch(/non risponde/);
    expect(problemText(new ApiProblem(502, { title: 'Teapot' }))).toBe('Teapot');
  });

  it('has an Italian text for every code the server can send', () => {
    const missing = Object.keys(problemCatalogue).filter((code) => !Object.hasOwn(serverCatalogue, `problems.${code}`));
    expect(missing).toEqual([]);
  });

  it('raises one danger alert per problem type, titled with the generic error text', () => {
    showProblemAlert(new ApiProblem(403, { type: '/problems/FORBIDDEN', code: 'FORBIDDEN', title: 'Forbidden' }));
    showProblemAlert(new ApiProblem(403, { type: '/problems/FORBIDDEN', code: 'FORBIDDEN', title: 'Forbidden' }));
    const alerts = store.get(alertsAtom);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ id: '/problems/FORBIDDEN', type: 'danger', title: 'Si è verificato un errore', content: 'Non hai i permessi per questa operazione.' });
  });
});
