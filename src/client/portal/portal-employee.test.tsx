// @vitest-environment jsdom
// Walk 26: an employee in the portal is a page of the portal, not the staff record form. It names the
// worker and what identifies them, its safety roles with the training each requires, the courses done,
// the refreshers still to do with their state and the norm behind each date, and of health surveillance
// only the judgement and the next visit (never the doctor's notes). «Tutti i dipendenti» links there.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { testIdentity } from '../../../commands/testing.ts';
import { addDays, businessDay } from '../../domain/business-day.ts';
import type { PermissionRule } from '../../domain/entities/roles.ts';
import { queryClient } from '../api/query-client.ts';
import { listKey, recordKey } from '../data/records.ts';
import { formatValue } from '../forms/format.ts';
import { employeeComplianceKey, employeeTrainingKey } from '../training/compliance-data.ts';
import { TabIdContext } from '../workspace/tab-context.ts';
import PortalEmployee, { employeeDeadlinesQuery, employeeVisitsQuery } from './portal-employee.tsx';
import PortalEmployees, { portalEmployeesQuery } from './portal-employees.tsx';
import { portalPageOf } from './portal-nav.tsx';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';

const CUSTOMER = '1d2c3b4a-5f6e-4a7b-8c9d-0e1f2a3b4c5d';
const SITE = '2e3d4c5b-6a7f-4b8c-9d0e-1f2a3b4c5d6e';
const EMPLOYEE = '3f4e5d6c-7b8a-4c9d-8e0f-2a3b4c5d6e7f';
const ROLE = '4a5b6c7d-8e9f-4a0b-9c1d-3e4f5a6b7c8d';
const COURSE = '5b6c7d8e-9f0a-4b1c-8d2e-4f5a6b7c8d9e';
const EDITION = '6c7d8e9f-0a1b-4c2d-9e3f-5a6b7c8d9e0f';

const today = businessDay();
const due = addDays(today, 20);
const nextVisit = addDays(today, 200);
const meta = { createdDateTime: '2026-01-01T08:00:00.000Z', lastUpdatedDateTime: '2026-01-01T08:00:00.000Z', isDeleted: false };
const customer = { id: CUSTOMER, attributes: { allowedModules: ['portal', 'edu', 'med'] }, metadata: { ...meta, displayName: 'Officine Rossi Srl' }, relationships: {} };
const site = { id: SITE, attributes: { parentId: CUSTOMER }, metadata: { ...meta, displayName: 'Officine Rossi Srl – Magazzino Nord' }, relationships: {} };
const employee = {
  id: EMPLOYEE,
  attributes: { firstName: 'Monica', lastName: 'Di Bari', fiscalCode: 'DBRMNC80A41F205X', birthDate: '1980-01-01', hireDate: '2015-03-02' },
  metadata: meta,
  relationships: { customerId: CUSTOMER, officeLocationId: SITE, jobId: '7d8e9f0a-1b2c-4d3e-8f4a-6b7c8d9e0f1a', safetyRoleIds: [ROLE] },
};
const courses = { [COURSE]: { code: 'RLS', title: 'Rappresentante dei lavoratori per la sicurezza' } };
const compliance = {
  data: {
    employeeId: EMPLOYEE, employeeName: 'Di Bari Monica', safetyRoleIds: [ROLE],
    rows: [{ roleId: ROLE, roleCode: 'RLS', roleName: 'Rappresentante dei lavoratori', requirementIndex: 0, courseIds: [COURSE], norm: 'D.Lgs. 81/2008 art. 37', status: 'expiring', validUntil: due, courseId: COURSE, editionId: EDITION, nextCourseId: COURSE }],
    summary: { required: 1, valid: 0, expiring: 1, expired: 0, missing: 0 },
  },
  meta: { today, courses },
};
const training = {
  data: [{ editionId: EDITION, courseId: COURSE, completedOn: '2021-03-03', outcome: 'passed', certificateMediaId: '8e9f0a1b-2c3d-4e4f-9a5b-7c8d9e0f1a2b', editionCode: 'ED-2021-00012', editionState: 'closed', refresher: { dueDate: due, refresherCourseId: COURSE, status: 'expiring' }, superseded: false }],
  meta: { today, courses },
};
const refresher = {
  id: '9f0a1b2c-3d4e-4f5a-8b6c-8d9e0f1a2b3c',
  attributes: { module: 'edu', deadlineDate: due, lastExecutionDate: '2021-03-03', isExecuted: false, isEnded: false, rule: { kind: 'aggiornamentoFormativo', norm: 'Accordo Stato-Regioni', edition: '17/04/2025', months: 60, from: 'lastExecution' } },
  metadata: { ...meta, targetName: 'Di Bari Monica' },
  relationships: { customerId: CUSTOMER, employeeId: EMPLOYEE, courseId: COURSE },
};
const visit = {
  id: '0a1b2c3d-4e5f-4a6b-9c7d-9e0f1a2b3c4d',
  attributes: { visitType: 'periodica', visitDate: '2026-05-04', doctorName: 'Dott.ssa Lucia Ferri', judgement: 'idoneoConPrescrizioni', prescriptions: 'Evitare la movimentazione manuale di carichi oltre 15 kg', periodicityMonths: 12, nextVisitDate: nextVisit },
  metadata: meta,
  relationships: { employeeId: EMPLOYEE, customerId: CUSTOMER },
};
const page = <T,>(data: T[]) => ({ data, meta: { total: data.length, page: { number: 1, size: 100 } } });

/** The Cliente role's reads. */
const clientRules: PermissionRule[] = [{ action: 'read', subject: ['customer', 'physical activity', 'health surveillance visit'] }];

function renderPortal(node: React.ReactNode, userType: 'customer' | 'siv') {
  queryClient.setQueryData(recordKey('customers', CUSTOMER), customer);
  queryClient.setQueryData(listKey('customers', { 'filter[parentId]': CUSTOMER, sort: 'displayName', 'page[size]': '200' }), page([site]));
  queryClient.setQueryData(recordKey('employees', EMPLOYEE), employee);
  queryClient.setQueryData(listKey('employees', portalEmployeesQuery(CUSTOMER)), page([employee]));
  queryClient.setQueryData(employeeComplianceKey(EMPLOYEE), compliance);
  queryClient.setQueryData(employeeTrainingKey(EMPLOYEE), training);
  queryClient.setQueryData(listKey('physicalActivities', employeeDeadlinesQuery(EMPLOYEE)), page([refresher]));
  queryClient.setQueryData(listKey('healthSurveillanceVisits', employeeVisitsQuery(EMPLOYEE)), page([visit]));
  renderSignedIn({ ...testIdentity, userType, customerId: userType === 'customer' ? CUSTOMER : null, permissions: clientRules }, <TabIdContext.Provider value="t1">{node}</TabIdContext.Provider>);
}

const cells = (table: HTMLElement) => [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('an employee’s page in the portal', () => {
  it('names the worker, its roles, its training with the norm behind each date, and of health only the judgement and the next visit', async () => {
    renderPortal(<PortalEmployee customerId={CUSTOMER} employeeId={EMPLOYEE} staffView={false} />, 'customer');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Di Bari Monica');
    expect(screen.getByRole('link', { name: 'Formazione dei dipendenti' }).getAttribute('href')).toBe(`/customers/${CUSTOMER}/portal/training`);
    const facts = [...document.querySelectorAll('.portal-employee-facts > div')].map((fact) => fact.textContent);
    expect(facts).toEqual(['Codice fiscaleDBRMNC80A41F205X', 'Data di nascita01/01/80', 'Assunto il02/03/15', 'SedeMagazzino Nord']);
    // Headings in order: h1, then one h2 per section.
    expect([...document.querySelectorAll('h1, h2, h3')].map((h) => `${h.tagName} ${h.textContent}`)).toEqual([
      'H1 Di Bari Monica', 'H2 Ruoli per la sicurezza', 'H2 Corsi frequentati', 'H2 Scadenze degli aggiornamenti', 'H2 Sorveglianza sanitaria',
    ]);

    const roles = screen.getByRole('table', { name: 'Ruoli per la sicurezza' });
    expect(cells(roles)).toEqual([['Rappresentante dei lavoratori', 'RLS – Rappresentante dei lavoratori per la sicurezza', 'D.Lgs. 81/2008 art. 37', `In scadenza il ${formatValue(due, 'date')}`]]);

    const done = screen.getByRole('table', { name: 'Corsi frequentati' });
    expect(cells(done)).toEqual([['RLS – Rappresentante dei lavoratori per la sicurezza', '03/03/21', 'Superato', 'Scarica l’attestato di RLS – Rappresentante dei lavoratori per la sicurezza']]);
    expect(within(done).getByRole('button').tagName).toBe('BUTTON');

    const refreshers = screen.getByRole('table', { name: 'Scadenze degli aggiornamenti' });
    expect(within(refreshers).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Stato', 'Scadenza', 'Attività', 'Perché questa data']);
    expect(cells(refreshers)).toEqual([[
      'Entro 30 giorni', formatValue(due, 'date'), 'RLS – Rappresentante dei lavoratori per la sicurezza',
      'aggiornamento formativo: Accordo Stato-Regioni del 17/04/2025, ogni 5 anni dall’ultimo corso, del 03/03/21',
    ]]);

    const health = screen.getByRole('table', { name: 'Sorveglianza sanitaria' });
    expect(within(health).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Giudizio di idoneità', 'Prossima visita']);
    expect(cells(health)).toEqual([['Idoneo con prescrizioni o limitazioni', `${formatValue(nextVisit, 'date')} · In regola`]]);
    // Nothing clinical, not even what the judgement's record holds beside it.
    expect(document.body.textContent).not.toMatch(/Ferri|movimentazione|Periodica|periodicità/i);

    // No staff screen, no staff words: no form, no grid, no history, no deleted rows, no hidden fields.
    expect(screen.queryByRole('grid')).toBeNull();
    expect(document.querySelectorAll('input, select, textarea').length).toBe(0);
    expect(document.body.textContent).not.toMatch(/Cronologia|non visibile|Eliminati|Colonne|Azzera vista|Collegamenti|DIPENDENTE|Mansione|Edizione/);
    // Every link stays in the portal.
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).toMatch(new RegExp(`^/customers/${CUSTOMER}/portal`));
  });

  it('is read-only for staff, with the note of the portal view', async () => {
    renderPortal(<PortalEmployee customerId={CUSTOMER} employeeId={EMPLOYEE} staffView />, 'siv');
    await screen.findByRole('heading', { level: 1, name: 'Di Bari Monica' });
    expect(screen.getByRole('note').textContent).toBe('Vista del portale del cliente, in sola lettura: è ciò che vedono i suoi utenti.');
  });

  it('says so when the employee is another customer’s', async () => {
    queryClient.setQueryData(recordKey('customers', SITE), site);
    renderPortal(<PortalEmployee customerId={SITE} employeeId={EMPLOYEE} staffView={false} />, 'customer');
    expect((await screen.findByRole('alert')).textContent).toBe('Questo dipendente non è del cliente.');
    expect(screen.queryByText('DBRMNC80A41F205X')).toBeNull();
  });

  it('keeps «Formazione» current in the portal’s navigation', () => {
    expect(portalPageOf(`/customers/${CUSTOMER}/portal/employees/${EMPLOYEE}`)).toBe('training');
  });
});

describe('the portal’s «Tutti i dipendenti»', () => {
  it('lists the employees by name, each a link to its page in the portal, without the staff grid', async () => {
    renderPortal(<PortalEmployees customerId={CUSTOMER} />, 'customer');
    const table = await screen.findByRole('table', { name: 'Tutti i dipendenti' });
    expect(cells(table)).toEqual([['Di Bari Monica', 'DBRMNC80A41F205X', 'Magazzino Nord']]);
    expect(within(table).getByRole('link', { name: 'Di Bari Monica' }).getAttribute('href')).toBe(`/customers/${CUSTOMER}/portal/employees/${EMPLOYEE}`);
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
