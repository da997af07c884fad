import { afterEach, describe, expect, it } from 'vitest';
import { ApiProblem } from './http.ts';
import { problemText, showProblemAlert } from './problem-alert.ts';
import { alertsAtom, dismissAlert } from '../alerts/alerts.ts';
import { store } from '../store.ts';
import serverCatalogue from '../i18n/messages/problems.ts';
import { problemCatalogue } from '../../server/http/problems.ts';
import { failureOf } from '../data/records.ts';

afterEach(() => {
  for (const alert of store.get(alertsAtom)) dismissAlert(alert.id);
});

describe('SPEC §8 problem texts', () => {
  it('uses problems.{code}, then problems.{message}, then problems.{title}, then the raw title', () => {
    expect(problemText(new ApiProblem(409, { code: 'CUSTOMER_ALREADY_EXISTS', message: 'Esiste già un cliente con questi dati', title: 'y' }))).toBe('Esiste già un cliente con questi dati.');
    expect(problemText(new ApiProblem(500, { code: 'UNKNOWN', message: 'Request timed out', title: 'y' }))).toMatch(/troppo tempo/);
    // Offline: the browser's own words are not shown after the Italian text.
    expect(problemText(new ApiProblem(0, { code: 'NETWORK_ERROR', message: 'Failed to fetch', title: 'Network error' }))).not.toMatch(/Failed|fetch|Network/);
    expect(problemText(new ApiProblem(502, { code: 'UNKNOWN', message: 'Unknown message', title: 'Bad Gateway' }))).toMatch(/non risponde/);
    expect(problemText(new ApiProblem(502, { title: 'Teapot' }))).toBe('Teapot');
  });

  it('names the module of a refusal that carries it, once, in Italian (the portal employee page of a user without edu)', () => {
    const training = new ApiProblem(403, { code: 'MODULE_NOT_ALLOWED', title: 'Module not allowed', message: 'Il modulo Formazione non è abilitato per il tuo utente', module: 'edu' });
    expect(problemText(training)).toBe('Il modulo Formazione non è abilitato per il tuo utente.');
    expect(problemText(new ApiProblem(403, { code: 'MODULE_NOT_ALLOWED', title: 'Module not allowed', message: 'Il modulo di questo elemento non è abilitato per il tuo utente' }))).toBe('Il modulo di questo elemento non è abilitato per il tuo utente.');
  });

  it('adds each errors[].message the server sent after the text, once, so a generic title never hides the reason', () => {
    const message = 'Scadenza Estintore 12: già pianificata in un intervento';
    const planned = new ApiProblem(422, { code: 'VALIDATION_FAILED', message, title: 'Unprocessable Content', errors: [{ pointer: '', code: 'invalidValue', message }, { pointer: '/x', code: 'invalidValue', message }] });
    expect(problemText(planned)).toBe(`I dati inviati non sono validi. ${message}.`);
    // A detail that only repeats the text is not said twice.
    expect(problemText(new ApiProblem(403, { code: 'FORBIDDEN', errors: [{ pointer: '', code: 'x', message: 'Non hai i permessi per questa operazione' }] }))).toBe('Non hai i permessi per questa operazione.');
    expect(problemText(new ApiProblem(502, { title: 'Teapot', errors: [{ pointer: '', code: 'x', message: 'Il campo Codice è obbligatorio.' }] }))).toBe('Teapot. Il campo Codice è obbligatorio.');
  });

  it('follows the code\'s text with the server\'s own message when it says more (which record, which state)', () => {
    const locked = new ApiProblem(409, { code: 'STATE_LOCKED', title: 'Locked by state', message: 'Ordine: non modificabile nello stato «Completato»: si possono cambiare solo le note' });
    expect(problemText(locked)).toBe('L’elemento non è modificabile nel suo stato attuale. Ordine: non modificabile nello stato «Completato»: si possono cambiare solo le note.');
    const notDeletable = new ApiProblem(409, { code: 'NOT_DELETABLE', message: 'Si possono eliminare solo ordini nuovi o annullati (stato attuale: «Completato»)' });
    expect(problemText(notDeletable)).toMatch(/^L’elemento non può essere eliminato nello stato attuale\. Si possono eliminare solo ordini nuovi o annullati \(stato attuale: «Completato»\)\.$/);
    // The server's message and a field error saying the same thing are said once.
    const forbidden = new ApiProblem(403, { code: 'FORBIDDEN', message: 'Non hai i permessi per questa operazione', errors: [{ pointer: '/relationships/operatorIds', code: 'x', message: 'Il Commerciale non può assegnare operatori' }] });
    expect(problemText(forbidden)).toBe('Non hai i permessi per questa operazione. Il Commerciale non può assegnare operatori.');
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

  it('is titled with what failed when the call says so (SPEC §8 «Errore durante la creazione del dipendente»)', () => {
    showProblemAlert(new ApiProblem(500, { type: '/problems/INTERNAL', code: 'INTERNAL', title: 'Internal Server Error' }), failureOf('employees', 'create'));
    expect(store.get(alertsAtom)[0]).toMatchObject({ title: 'Errore durante la creazione del dipendente.' });
    expect([failureOf('employees', 'list'), failureOf('employees', 'remove'), failureOf('quotationProducts', 'remove'), failureOf('assignments', 'create')])
      .toEqual(['problems.employeeFetchError', 'problems.employeeRemoveError', 'problems.productRemoveError', 'problems.assignmentCreateError']);
    expect([failureOf('orders', 'remove'), failureOf('orders', 'update'), failureOf('orders', 'list')]).toEqual(['problems.deleteError', 'problems.saveError', undefined]);
  });

  it('a problem reported by the caller of a silent request keeps the title of what failed (the delete command\'s showError)', () => {
    const problem = new ApiProblem(500, { type: '/problems/INTERNAL', code: 'INTERNAL', title: 'Internal Server Error' });
    problem.failure = failureOf('employees', 'remove');
    showProblemAlert(problem);
    expect(store.get(alertsAtom)[0]).toMatchObject({ title: 'Errore durante la rimozione del dipendente.' });
    problem.failure = failureOf('orders', 'remove');
    showProblemAlert(problem);
    expect(store.get(alertsAtom)[0]).toMatchObject({ title: 'Errore durante l’eliminazione.' });
    for (const [id, text] of [['problems.employeeFetchError', 'Errore durante il recupero dei dipendenti.'], ['problems.productRemoveError', 'Errore durante la rimozione del prodotto.'], ['problems.assignmentCreateError', 'Errore durante la creazione dell’incarico.']]) {
      problem.failure = id;
      showProblemAlert(problem);
      expect(store.get(alertsAtom)[0]).toMatchObject({ title: text });
    }
  });
});

describe('a request that could not leave an offline device', () => {
  it('shows one steady offline notice, not an error per request', () => {
    const online = Object.getOwnPropertyDescriptor(globalThis.navigator, 'onLine');
    Object.defineProperty(globalThis.navigator, 'onLine', { configurable: true, get: () => false });
    try {
      showProblemAlert(new ApiProblem(0, { code: 'NETWORK_ERROR', message: 'Failed to fetch' }));
      showProblemAlert(new ApiProblem(0, { code: 'NETWORK_ERROR', message: 'Failed to fetch' }), 'records.failed.list');
      const shown = store.get(alertsAtom);
      expect(shown.map((alert) => [alert.type, alert.content])).toEqual([['warning', 'Sei offline: quello che richiede il server sarà disponibile quando torni in linea.']]);
    } finally {
      if (online) Object.defineProperty(globalThis.navigator, 'onLine', online);
      else delete (globalThis.navigator as { onLine?: boolean }).onLine;
    }
  });
});
