// @vitest-environment jsdom
// The portal's quotations (issue 26 §3): «Preventivi» lists those the customer received in a plain
// table, newest first, each code a link to the quotation's own page in the portal; that page reads as
// a document (state in the customer's words, lines as the PDF prints them, totals, «Scarica il PDF»)
// with «Approva e firma» for who may sign, and read-only with the staff note for staff.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testIdentity } from '../../../commands/testing.ts';
import type { PermissionRule } from '../../domain/entities/roles.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { api } from '../api/client.ts';
import { ApiProblem } from '../api/http.ts';
import { queryClient } from '../api/query-client.ts';
import { listKey, recordKey, records } from '../data/records.ts';
import { SignatureOutcome } from '../quotation-editor/signature-panel.tsx';
import { TabIdContext } from '../workspace/tab-context.ts';
import PortalQuotation from './portal-quotation.tsx';
import PortalQuotations, { portalQuotationsQuery } from './portal-quotations.tsx';
import { portalPageOf } from './portal-nav.tsx';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';

const CUSTOMER = '1d2c3b4a-5f6e-4a7b-8c9d-0e1f2a3b4c5d';
const SITE = '2e3d4c5b-6a7f-4b8c-9d0e-1f2a3b4c5d6e';
const ISSUED = '5f6e7a8b-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const ACCEPTED = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

const meta = { createdDateTime: '2026-06-01T08:00:00.000Z', lastUpdatedDateTime: '2026-06-01T08:00:00.000Z', isDeleted: false };
const customer = { id: CUSTOMER, attributes: {}, metadata: { ...meta, displayName: 'Officine Rossi Srl' }, relationships: {} };
const site = { id: SITE, attributes: { parentId: CUSTOMER }, metadata: { ...meta, displayName: 'Officine Rossi Srl – Magazzino Nord' }, relationships: {} };
const issued = {
  id: ISSUED,
  attributes: { code: 'PRV-2026-00009', title: 'Porte tagliafuoco', date: '2026-06-02', expiryDate: '2026-07-02', status: 'issued' },
  metadata: { ...meta, totalNetPrice: 166.5 },
  relationships: { customerId: CUSTOMER, officeLocationId: SITE },
};
const accepted = {
  id: ACCEPTED,
  attributes: { code: 'PRV-2026-00007', title: 'Estintori magazzino', date: '2026-05-20', expiryDate: '2026-06-20', status: 'accepted' },
  metadata: { ...meta, totalNetPrice: 1234.5 },
  relationships: { customerId: CUSTOMER },
};
const line = (id: string, position: number, attributes: Record<string, unknown>) => ({ id, attributes: { position, ...attributes }, metadata: meta, relationships: { quotationId: ISSUED } });
const lines = [
  line('l1', 1, { kind: 'section', description: 'Piano terra' }),
  line('l2', 2, { kind: 'product', description: 'Revisione porta REI 120', quantity: 10, unitOfMeasure: 'each', listPrice: 20, unitPrice: 18.5, discountPercent: 10 }),
  line('l3', 3, { kind: 'note', description: 'Compreso il verbale' }),
  line('l4', 4, { kind: 'product', description: 'Maniglione antipanico', quantity: 2, unitOfMeasure: 'each', listPrice: 90, unitPrice: 90, discountPercent: 0, isOptional: true }),
];

/** The Cliente role's reads and its signature on its customer's quotations. */
const clientRules: PermissionRule[] = [{ action: 'read', subject: ['customer', 'quotation', 'quotation products'] }, { action: 'sign', subject: 'quotation' }];

function renderPortal(node: React.ReactNode, userType: 'customer' | 'siv', permissions: PermissionRule[]) {
  queryClient.setQueryData(recordKey('customers', CUSTOMER), customer);
  queryClient.setQueryData(recordKey('customers', SITE), site);
  queryClient.setQueryData(listKey('quotations', portalQuotationsQuery(CUSTOMER)), { data: [issued, accepted] as EntityJson[], meta: { total: 2, page: { number: 1, size: 100 } } });
  queryClient.setQueryData(recordKey('quotations', ISSUED), issued);
  queryClient.setQueryData(listKey('quotationProducts', { quotationId: ISSUED, all: true }), lines);
  renderSignedIn({ ...testIdentity, userType, customerId: userType === 'customer' ? CUSTOMER : null, permissions }, <TabIdContext.Provider value="t1">{node}</TabIdContext.Provider>);
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('the portal’s «Preventivi»', () => {
  it('lists the quotations received in the customer’s words, each code a link to its page in the portal', async () => {
    renderPortal(<PortalQuotations customerId={CUSTOMER} staffView={false} />, 'customer', clientRules);
    const table = await screen.findByRole('table', { name: 'Preventivi – Officine Rossi Srl' });
    expect(screen.getByText('2 preventivi ricevuti')).toBeTruthy();
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Preventivo', 'Data', 'Valido fino al', 'Stato', 'Totale imponibile']);
    const rows = within(table).getAllByRole('row').slice(1);
    const link = within(rows[0]!).getByRole('link', { name: 'PRV-2026-00009 – Porte tagliafuoco' });
    expect(link.getAttribute('href')).toBe(`/customers/${CUSTOMER}/portal/quotations/${ISSUED}`);
    expect([...rows[0]!.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['02/06/26', '02/07/26', 'Da approvare', '166,50\u00a0€']);
    expect(within(rows[1]!).getByRole('cell', { name: 'Accettato' })).toBeTruthy();
    expect(within(rows[1]!).getByRole('cell', { name: '1234,50\u00a0€' })).toBeTruthy();
    // No staff grid, no staff columns.
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByText(/Revisione|Pianificazione|Autore/)).toBeNull();
  });

  it('keeps «Preventivi» current on a quotation’s page', () => {
    expect(portalPageOf(`/customers/${CUSTOMER}/portal/quotations`)).toBe('quotations');
    expect(portalPageOf(`/customers/${CUSTOMER}/portal/quotations/${ISSUED}`)).toBe('quotations');
    expect(portalPageOf(`/customers/${CUSTOMER}/portal/sites/${SITE}`)).toBe('compliance');
  });
});

describe('a quotation’s page in the portal', () => {
  it('reads as a document: state, dates, site, lines as printed, totals, the PDF and the signature', async () => {
    renderPortal(<PortalQuotation customerId={CUSTOMER} quotationId={ISSUED} staffView={false} />, 'customer', clientRules);
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Preventivo PRV-2026-00009 – Porte tagliafuoco');
    expect(screen.getByRole('link', { name: 'Tutti i preventivi' }).getAttribute('href')).toBe(`/customers/${CUSTOMER}/portal/quotations`);
    const facts = [...document.querySelectorAll('.portal-quotation-facts > div')].map((fact) => fact.textContent);
    expect(facts).toEqual(['StatoDa approvare', 'Data02/06/26', 'Valido fino al02/07/26', 'SedeMagazzino Nord']);
    const table = screen.getByRole('table', { name: 'Voci del preventivo' });
    expect(within(table).getAllByRole('columnheader').slice(0, 7).map((cell) => cell.textContent)).toEqual(['N.', 'Descrizione', 'Q.tà', 'U.m.', 'Prezzo unitario', 'Sconto %', 'Importo']);
    const rows = [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Piano terra'],
      ['1', 'Revisione porta REI 120', '10', 'Cadauno', '18,50\u00a0€', '10%', '166,50\u00a0€'],
      ['Compreso il verbale'],
      ['2', 'Maniglione antipanico Facoltativa', '2', 'Cadauno', '90,00\u00a0€', '', '180,00\u00a0€'],
    ]);
    // The optional line is not in the totals (list 200, net 166,50).
    const totals = [...document.querySelectorAll('.portal-quotation-totals > div')].map((total) => total.textContent);
    expect(totals).toEqual(['Totale a listino200,00\u00a0€', 'Sconto33,50\u00a0€', 'Totale imponibile166,50\u00a0€ + IVA']);
    // The document has nothing to type in (the signature below has its own fields).
    expect(document.querySelectorAll('.portal-quotation-facts :is(input, select, textarea), .portal-quotation-lines :is(input, select, textarea)').length).toBe(0);
    expect(screen.getByRole('heading', { name: 'Approva e firma il preventivo' })).toBeTruthy();

    const get = vi.spyOn(api, 'get').mockResolvedValue(new Blob(['%PDF'], { type: 'application/pdf' }) as never);
    URL.createObjectURL = vi.fn(() => 'blob:preventivo');
    URL.revokeObjectURL = vi.fn();
    fireEvent.click(screen.getByRole('button', { name: 'Scarica il PDF' }));
    await waitFor(() => expect(get).toHaveBeenCalledWith('/{type}/{id}/document', { params: { type: 'quotations', id: ISSUED }, silent: true }));
  });

  it('is read-only for staff, with the portal’s note', async () => {
    renderPortal(<PortalQuotation customerId={CUSTOMER} quotationId={ISSUED} staffView />, 'siv', [{ action: 'manage', subject: 'all' }]);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('note').textContent).toMatch(/sola lettura/);
    expect(screen.queryByRole('heading', { name: 'Approva e firma il preventivo' })).toBeNull();
  });

  it('is not found for another customer’s quotation', async () => {
    renderPortal(<PortalQuotation customerId={SITE} quotationId={ISSUED} staffView />, 'siv', [{ action: 'manage', subject: 'all' }]);
    expect((await screen.findByRole('alert')).textContent).toBe('Questo preventivo non è del cliente.');
  });
});

/** A 1×1 PNG: what the canvas gives once a signature is drawn. */
const DRAWN = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const PRESENTED_SHA = '6269e25a'.padEnd(64, '0');
const FILE_SHA = '015c5290'.padEnd(64, '1');

describe('signing or refusing in the portal: the focus follows each answer (issue 26 walk: it fell to <body>)', () => {
  /** The quotation as the server answers it now (issued, then accepted or refused). */
  let current: EntityJson;
  const press = (button: HTMLElement) => {
    // A key on a focused button: the focus is on it when it is disabled for the request.
    button.focus();
    fireEvent.click(button);
  };
  const focusedElement = () => document.activeElement;

  function renderSigner() {
    current = issued as EntityJson;
    // jsdom draws nothing: a context that takes the typed name, and the canvas's PNG.
    const context = { clearRect: vi.fn(), fillText: vi.fn(), beginPath: vi.fn(), moveTo: vi.fn(), lineTo: vi.fn(), stroke: vi.fn() };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue(DRAWN);
    vi.spyOn(records, 'get').mockImplementation(async (type: string, id: string) => (type === 'quotations' ? current : id === SITE ? site : customer) as never);
    vi.spyOn(records, 'list').mockResolvedValue({ data: lines, meta: { total: lines.length, page: { number: 1, size: 500 } } } as never);
    renderPortal(<PortalQuotation customerId={CUSTOMER} quotationId={ISSUED} staffView={false} />, 'customer', clientRules);
  }

  it('sends the code into its field, brings a wrong code back to it with the error, and lands on the result, with both fingerprints', async () => {
    renderSigner();
    const post = vi.spyOn(api, 'post').mockImplementation(async (path: string, body?: unknown) => {
      if (path.endsWith('/signature/code')) return { data: { sentTo: 'f•••••o@cliente.test', expiresDateTime: '2026-06-02T09:10:00.000Z', codeLength: 6 } } as never;
      if ((body as { code: string }).code === '123456') {
        throw new ApiProblem(422, { code: 'SIGNATURE_CODE_INVALID', title: 'Codice di firma non corretto', message: 'Restano 4 tentativi con questo codice', attemptsLeft: 4, errors: [{ pointer: '/code', code: 'signatureCodeInvalid', message: 'Restano 4 tentativi con questo codice' }] });
      }
      current = { ...issued, attributes: { ...issued.attributes, status: 'accepted' } } as EntityJson;
      return { data: current, meta: { orderId: 'o1', orderNumber: 'ORD-2026-00495', signedDocumentId: 'm1', documentSha256: PRESENTED_SHA, signedDocumentSha256: FILE_SHA } } as never;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Usa il nome come firma' }));
    expect(screen.getByText('Firma presente')).toBeTruthy();

    press(screen.getByRole('button', { name: 'Invia il codice via e-mail' }));
    const codeField = await screen.findByLabelText('Codice ricevuto (6 cifre)');
    await waitFor(() => expect(focusedElement()).toBe(codeField));
    expect(screen.getByText(/Codice inviato a f•••••o@cliente\.test/)).toBeTruthy();

    fireEvent.change(codeField, { target: { value: '123456' } });
    press(screen.getByRole('button', { name: 'Firma e accetta' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Restano 4 tentativi con questo codice');
    // Back in the code field, which says it is wrong and is described by the error.
    await waitFor(() => expect(focusedElement()).toBe(codeField));
    expect(codeField.getAttribute('aria-invalid')).toBe('true');
    expect(codeField.getAttribute('aria-describedby')).toBe(alert.id);

    fireEvent.change(codeField, { target: { value: '654321' } });
    press(screen.getByRole('button', { name: 'Firma e accetta' }));
    const result = await screen.findByText(/Il preventivo PRV-2026-00009 è firmato e accettato: l’ordine ORD-2026-00495 è stato creato/);
    await waitFor(() => expect(focusedElement()).toBe(result));
    expect(post).toHaveBeenLastCalledWith('/quotations/' + ISSUED + '/signature', expect.objectContaining({ code: '654321', signature: DRAWN }), expect.anything());
    // Two files, two fingerprints, each named for what it is.
    expect(document.querySelector('[data-hash=presented]')?.textContent).toBe(`Impronta SHA-256 del preventivo come presentato, riportata nella traccia della firma: ${PRESENTED_SHA}`);
    expect(document.querySelector('[data-hash=signed]')?.textContent).toBe(`Impronta SHA-256 del file firmato da scaricare: ${FILE_SHA}`);
    expect(screen.queryByText(/del preventivo firmato:/)).toBeNull();
  });

  it('opens the reason into its field, and lands on the refusal once confirmed, its reason quoted with one period', async () => {
    renderSigner();
    const reason = 'Prezzi troppo alti, attendiamo un nuovo preventivo.';
    vi.spyOn(api, 'post').mockImplementation(async () => {
      current = { ...issued, attributes: { ...issued.attributes, status: 'not-accepted' }, metadata: { ...issued.metadata, refusalReason: reason, refusedBy: 'Anna Marchetti', refusedDateTime: '2026-06-02T14:47:00.000Z' } } as EntityJson;
      return { data: current } as never;
    });
    press(await screen.findByRole('button', { name: 'Rifiuta il preventivo' }));
    const field = await screen.findByLabelText('Motivo del rifiuto');
    await waitFor(() => expect(focusedElement()).toBe(field));

    fireEvent.change(field, { target: { value: reason } });
    press(screen.getByRole('button', { name: 'Conferma il rifiuto' }));
    const outcome = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-signature=refused]');
      expect(found).not.toBeNull();
      return found!;
    });
    await waitFor(() => expect(focusedElement()).toBe(outcome));
    expect(outcome.textContent).toMatch(/^Rifiutato online da Anna Marchetti il .+: «Prezzi troppo alti, attendiamo un nuovo preventivo\.»$/);
    expect(screen.queryByRole('heading', { name: 'Approva e firma il preventivo' })).toBeNull();
  });

  it('ends a reason that is no sentence with the period, and never doubles one', () => {
    const refused = (refusalReason: string) => ({ ...issued, metadata: { ...issued.metadata, refusalReason, refusedBy: 'Anna Marchetti', refusedDateTime: '2026-06-02T14:47:00.000Z' } }) as EntityJson;
    const text = (refusalReason: string) => {
      const { container, unmount } = renderSignedIn(testIdentity, <SignatureOutcome stored={refused(refusalReason)} />);
      const said = container.textContent ?? '';
      unmount();
      return said.replace(/^.*: /, '');
    };
    expect(text('Prezzo troppo alto')).toBe('«Prezzo troppo alto».');
    expect(text('Prezzo troppo alto.')).toBe('«Prezzo troppo alto.»');
    expect(text('Perché così caro?')).toBe('«Perché così caro?»');
  });
});
