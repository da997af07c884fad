/**
 * Every document a customer can receive, rendered over the real app from the demo's default templates
 * and read back as a person would see the page (`pdftotext -layout`, poppler-utils): dates, codes and
 * amounts each on one line (a table column too narrow printed «27/11/2 026», «ATT-000 0029»,
 * «325,92 / €»), the customer's name without Markdown asterisks, and each document's Italian headings.
 * Page 1 of each is kept as an image under test-artifacts/documents/ (git-ignored) for a human look.
 *
 * The layout does not depend on the database engine: one engine renders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { engines, setupApi, TODAY, type Api } from './setup.ts';
import { defaultTemplates } from '../../src/server/seed/generators/document-templates.ts';
import { formatEur } from '../../src/domain/rules/money.ts';
import type { TemplateDocType } from '../../src/domain/documents/placeholders.ts';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-artifacts/documents');
const CUSTOMER = 'Officine Meccaniche Lombarde Srl';
const LONG_TEXT = 'Sorveglianza semestrale con verifica del manometro, del sigillo, della pressione e della cartellonistica di segnalazione';
const REPORT_FIELDS = [
  { type: 'text', label: 'Reparto', name: 'reparto', isIncludedInReport: true, reportColumnOrder: 1 },
  { type: 'combobox', label: 'Cartello di segnalazione', name: 'cartello', options: ['Presente', 'Assente', 'Da sostituire'], isIncludedInReport: true, reportColumnOrder: 2 },
];
const ADDITIONAL_DATA = { reparto: 'Magazzino spedizioni', cartello: 'Da sostituire' };

const popplerMissing = ['pdftotext', 'pdftoppm'].find((tool) => spawnSync(tool, ['-v']).error !== undefined);
if (popplerMissing) console.warn(`document-pages: ${popplerMissing} not found (install poppler-utils): the rendered-page checks are skipped`);

/** What a reader sees: `pdftotext -layout`, non-breaking spaces as spaces. The PDF and page 1 as PNG are kept. */
function readPages(name: string, pdf: Buffer): string {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  const image = spawnSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', file, path.join(ARTIFACTS, `${name}-page-1`)]);
  expect(image.status, image.stderr.toString()).toBe(0);
  const text = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(text.status, text.stderr).toBe(0);
  return text.stdout.replace(/\u00a0/g, ' ');
}

/**
 * Each value is printed whole on one line of the page, and each word of `words` whole (a cell may wrap
 * between words, never inside one: «Cartello di se|gnalazione»); no Markdown marker is left; every heading is there.
 */
function expectPage(text: string, expected: { unbroken: string[]; headings: string[]; words?: string[] }) {
  const lines = text.split('\n');
  for (const value of expected.unbroken) {
    const whole = value.replace(/\u00a0/g, ' ');
    expect(lines.some((line) => line.includes(whole)), `«${whole}» is not whole on one line:\n${text}`).toBe(true);
  }
  const printedWords = new Set(text.split(/\s+/));
  for (const word of (expected.words ?? []).flatMap((phrase) => phrase.split(/\s+/))) {
    expect(printedWords.has(word), `the word «${word}» is broken or missing:\n${text}`).toBe(true);
  }
  for (const heading of expected.headings) expect(text).toContain(heading);
  expect(text).not.toContain('**');
  // A label whose value is missing is left out, not printed empty («Modalità di pagamento:», «fino al»).
  expect(lines.filter((line) => /(:|\bfino al)$/.test(line.trim())), `a label printed without its value:\n${text}`).toEqual([]);
  expect(lines.some((line) => line.includes(CUSTOMER)), `the customer «${CUSTOMER}» is not on one line`).toBe(true);
}

describe.skipIf(popplerMissing !== undefined).each(engines().slice(0, 1))('rendered pages of every document on %s', (engine) => {
  let api: Api;
  let customerId: string;
  const create = async (type: string, body: unknown) => {
    const response = await api.as(api.adminId).request('POST', `/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const document = async (type: string, id: string) => {
    const response = await api.app.inject({ method: 'GET', url: `/api/${type}/${id}/document`, headers: { authorization: `Bearer ${await api.token(api.adminId)}` } });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    return response.rawPayload;
  };
  // Every document type has a default template, and this test renders each.
  const rendered = new Set<TemplateDocType>();

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    for (const template of defaultTemplates) await create('templateDocs', { attributes: { ...template, isDefault: true } });
    customerId = (await create('customers', {
      attributes: { allowedModules: ['fire'], registry: { businessName: CUSTOMER, address: 'Via dell’Artigianato 12', zipCode: '20871', city: 'Vimercate', province: 'MB' } },
      // The demo's fields printed in reports: the register's «Dati aggiuntivi».
      metadata: { featureFlags: { hasAdditionalFields: true, hasMediaTree: false }, additionalPEFields: REPORT_FIELDS },
    })).id;
  });
  afterAll(() => api?.close());

  it('prints the quotation with its lines’ quantities, prices and totals unbroken', async () => {
    const quotation = await create('quotations', { attributes: { date: TODAY, title: 'Fornitura e manutenzione presidi antincendio' }, relationships: { customerId } });
    const prices = [325.92, 1325.92, 12345.67];
    for (const [index, unitPrice] of prices.entries()) {
      await create('quotationProducts', { attributes: { position: index + 1, description: `${LONG_TEXT} (${index + 1})`, quantity: 12, unitPrice, discountPercent: 12.5 }, relationships: { quotationId: quotation.id } });
    }
    const stored = (await api.as(api.adminId).request('GET', `/api/quotations/${quotation.id as string}`)).body.data;
    const text = readPages('quotation', await document('quotations', quotation.id));
    rendered.add('quotation');
    expectPage(text, {
      unbroken: [stored.attributes.code, '15/06/2026', ...prices.map((price) => formatEur(price)), formatEur(stored.metadata.totalNetPrice), formatEur(stored.metadata.totalListPrice)],
      headings: [`Preventivo n. ${stored.attributes.code as string} del 15/06/2026`, 'Descrizione', 'Prezzo', 'Totale imponibile'],
    });
  });

  it('prints the intervention report and the registro dei controlli with codes, serial numbers and dates unbroken', async () => {
    const family = await create('equipmentFamilies', { attributes: { code: 'EST-PLV', name: 'Estintore a polvere 6 kg', module: 'fire' } });
    const control = await create('controls', { attributes: { code: 'CTRL-SORV', name: 'Sorveglianza semestrale' }, relationships: { equipmentFamilyId: family.id } });
    const activity = await create('activities', { attributes: { code: 'ATT-0000029', name: 'Controllo periodico estintori', module: 'fire' } });
    const codes = ['EST-2026-000029', 'EST-2026-000030'];
    const serials = ['SN-FIRE-2026-00042', 'SN-FIRE-2026-00043'];
    const equipments = [];
    for (const [index, code] of codes.entries()) {
      equipments.push(await create('equipments', {
        attributes: { equipmentId: code, module: 'fire', serialNumber: serials[index], customerLocationPosition: 'Piano terra, corridoio nord accanto all’uscita di sicurezza', additionalData: ADDITIONAL_DATA },
        relationships: { customerId, equipmentFamilyId: family.id },
      }));
    }
    let assignment = await create('assignments', { attributes: { module: 'fire', title: 'Manutenzione semestrale', plannedStartDateTime: '2026-06-15T07:00:00.000Z', plannedEndDateTime: '2026-06-15T15:00:00.000Z' }, relationships: { customerId, operatorIds: [api.adminId], operatorInChargeId: api.adminId } });
    const activities = [];
    for (const equipment of equipments) activities.push(await create('assignmentActivities', { attributes: {}, relationships: { assignmentId: assignment.id, activityId: activity.id, equipmentId: equipment.id } }));
    for (const action of ['schedule', 'start']) {
      const moved = await api.as(api.adminId).request('POST', `/api/assignments/${assignment.id as string}/actions/${action}`, { lastUpdatedDateTime: assignment.metadata.lastUpdatedDateTime });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      assignment = moved.body.data;
    }
    for (const [index, equipment] of equipments.entries()) {
      await create('checks', {
        attributes: { result: true, passed: index === 0, notes: LONG_TEXT, checkedDateTime: '2026-06-15T08:00:00.000Z' },
        relationships: { controlId: control.id, assignmentActivityId: activities[index].id, equipmentId: equipment.id },
      });
    }
    await create('anomalies', { attributes: { description: 'Sigillo mancante e cartello di segnalazione non visibile dal corridoio', risk: 'medium', detectedDateTime: '2026-06-15T08:30:00.000Z' }, relationships: { customerId, assignmentActivityId: activities[1].id } });

    const report = readPages('intervention-report', await document('assignments', assignment.id));
    rendered.add('interventionReport');
    expectPage(report, {
      unbroken: [assignment.attributes.code, ...codes, ...serials, '15/06/2026'],
      headings: [`Rapporto di intervento ${assignment.attributes.code as string}`, 'Controlli eseguiti', 'Anomalie rilevate', 'Attrezzatura', 'Matricola'],
    });

    const register = readPages('control-register', await document('customers', customerId));
    rendered.add('controlRegister');
    expectPage(register, {
      unbroken: [...codes, ...serials, '15/06/2026'],
      headings: ['Registro dei controlli', 'D.M. 1 settembre 2021', 'Attrezzatura', 'Matricola', 'Esito', 'Dati aggiuntivi'],
      words: ['Reparto: Magazzino spedizioni', 'Cartello di segnalazione: Da sostituire', 'Estintore a polvere 6 kg', 'Sorveglianza semestrale', LONG_TEXT],
    });
  });

  it('prints the course certificate with the participant, the fiscal code and the dates unbroken', async () => {
    const course = await create('courses', { attributes: { code: 'ANT-L2-2026', title: 'Addetto antincendio in attività di livello 2', durationHours: 8, validityYears: 5 } });
    const employee = await create('employees', { attributes: { firstName: 'Mario Giovanni', lastName: 'Rossi Colombo', fiscalCode: 'RSSMRA85T10A562S', birthDate: '1985-12-10', birthCity: 'Bergamo', birthProvince: 'BG' }, relationships: { customerId } });
    const plan = await create('trainingPlans', { attributes: { year: 2026, title: 'Piano formativo 2026', items: [{ courseId: course.id, employeeIds: [employee.id], plannedDate: '2026-05-20' }] }, relationships: { customerId } });
    const text = readPages('course-certificate', await document('trainingPlans', plan.id));
    rendered.add('courseCertificate');
    expectPage(text, {
      unbroken: ['Rossi Colombo Mario Giovanni', 'RSSMRA85T10A562S', '10/12/1985', '20/05/2026', 'ANT-L2-2026'],
      headings: ['Attestato di frequenza e di superamento della verifica di apprendimento', 'Esito della verifica'],
    });
  });

  it('prints the order confirmation with its number, lines and totals unbroken', async () => {
    const prices = [325.92, 1325.92, 12345.67];
    const order = await create('orders', {
      attributes: { orderDate: TODAY, module: 'fire', lines: prices.map((unitPrice, index) => ({ description: `${LONG_TEXT} (${index + 1})`, quantity: 12, unitPrice, discountPercent: 12.5 })) },
      relationships: { customerId },
    });
    const text = readPages('order-confirmation', await document('orders', order.id));
    rendered.add('orderConfirmation');
    expectPage(text, {
      unbroken: [order.attributes.orderNumber, '15/06/2026', ...prices.map((price) => formatEur(price)), formatEur(order.metadata.totalNetPrice)],
      headings: [`Conferma d’ordine n. ${order.attributes.orderNumber as string} del 15/06/2026`, 'Descrizione', 'Importo netto', 'Totale imponibile'],
    });
  });

  it('has rendered every document type', () => {
    expect([...rendered].sort()).toEqual(defaultTemplates.map((template) => template.type).sort());
  });
});
