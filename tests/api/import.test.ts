/**
 * Importing a customer's equipment register (issue 27) through the API, on both engines: a
 * 600-row .xlsx with three bad rows is previewed (counts and reasons, nothing written), committed
 * (equipments with their deadlines, the file in the customer's files, the import record), undone
 * (everything removed) and refused once something imported changed; a repeated import updates by
 * serial number; a formula cell is read, never computed; the mapping is saved per layout; who may
 * not import gets 403.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, insertDemoRoles, insertUser, setupApi, type Api } from './setup.ts';
import { extinguisherRules } from '../../src/domain/rules/maintenance-rules.ts';

const HEADERS = ['Matricola', 'Tipo', 'Data fabbricazione', 'Agente', 'Ubicazione', 'Sede', 'Note'];

async function workbook(rows: ExcelJS.CellValue[][], headers: readonly string[] = HEADERS): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Foglio');
  sheet.addRow([...headers]);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
}

/** 600 extinguishers; rows 11, 201 and 401 of the file are bad (an impossible date, an unknown type, a repeated serial). */
function register(prefix: string, noteOf: (index: number) => ExcelJS.CellValue = () => ''): ExcelJS.CellValue[][] {
  return Array.from({ length: 600 }, (_, index) => {
    const serial = `${prefix}-${String(index + 1).padStart(4, '0')}`;
    const row: ExcelJS.CellValue[] = [serial, 'EST-POL', '15/03/2025', 'Polvere ABC', `Corridoio ${index + 1}`, 'Magazzino Nord', noteOf(index)];
    if (index === 9) row[2] = '31/02/2025';
    if (index === 199) row[1] = 'Idrante sconosciuto';
    if (index === 399) row[0] = `${prefix}-0001`;
    return row;
  });
}

describe.each(engines())('register import on %s', (engine) => {
  let api: Api;
  let customerId: string;
  let siteId: string;
  const get = (path: string) => api.as(api.adminId).request('GET', path);
  const post = (path: string, body?: unknown) => api.as(api.adminId).request('POST', path, body);
  const create = async (type: string, body: unknown) => {
    const response = await post(`/api/${type}`, body);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };

  const preview = (content: string, mapping?: (string | null)[]) =>
    post(`/api/customers/${customerId}/imports/preview`, { fileName: 'registro.xlsx', content, ...(mapping ? { mapping } : {}) });
  const commit = (content: string, mapping?: (string | null)[]) =>
    post(`/api/customers/${customerId}/imports`, { fileName: 'registro.xlsx', content, ...(mapping ? { mapping } : {}) });
  const equipmentsOf = async (extra = '') => {
    const response = await get(`/api/equipments?filter[customerId]=${customerId}&page[size]=1${extra}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.meta.total as number;
  };

  beforeAll(async () => {
    api = await setupApi(engine, { authDisabled: false });
    customerId = (await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Logistica Padana Spa' } } })).id;
    siteId = (await create('customers', { attributes: { parentId: customerId, registry: { businessName: 'Magazzino Nord' } } })).id;
    const familyId = (await create('equipmentFamilies', {
      attributes: { code: 'EST-POL', name: 'Estintore a polvere', module: 'fire', expiryBasis: 'production', maintenanceRules: extinguisherRules.filter((r) => r.kind === 'fineVita') },
    })).id;
    for (const kind of ['controlloPeriodico', 'revisione'] as const) {
      await create('activities', {
        attributes: { code: `EST-${kind}`, name: `Estintore: ${kind}`, module: 'fire', maintenanceRules: extinguisherRules.filter((r) => r.kind === kind) },
        relationships: { equipmentFamilyId: familyId },
      });
    }
  }, 120_000);
  afterAll(() => api?.close());

  it('previews 600 rows: 597 to create, three refused with the reason per cell, nothing written', async () => {
    const response = await preview(await workbook(register('A')));
    expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(200);
    const data = response.body.data;
    expect(data.mapping).toEqual(['serialNumber', 'family', 'productionDate', 'agent', 'position', 'site', 'note']);
    expect(data.mappingSource).toBe('names');
    expect({ rows: data.rowsCount, create: data.createCount, update: data.updateCount, refused: data.refusedCount }).toEqual({ rows: 600, create: 597, update: 0, refused: 3 });
    const refused = data.rows.filter((row: any) => row.action === 'refused');
    expect(refused.map((row: any) => row.row)).toEqual([11, 201, 401]);
    expect(refused[0].errors).toEqual([expect.objectContaining({ column: 'Data fabbricazione', value: '31/02/2025', message: expect.stringMatching(/data/i) })]);
    expect(refused[1].errors).toEqual([expect.objectContaining({ column: 'Tipo', message: expect.stringContaining('Idrante sconosciuto') })]);
    expect(refused[2].errors).toEqual([expect.objectContaining({ column: 'Matricola', message: '«Matricola» già presente alla riga 2 del file' })]);
    expect(await equipmentsOf()).toBe(0);
  }, 120_000);

  // Three imports of 600 rows, two undos and a preview: 15.2 s (PGlite) beside 8.5 s (PostgreSQL) in a
  // whole API run on a two-core machine, more than 300 s beside bench:load before the deadline engine
  // and the deletes wrote in batches.
  // The limit only guards against a hang.
  it('commits in one transaction with deadlines, the file kept, then undo removes all of it; a repeated import updates by serial', async () => {
    const content = await workbook(register('B'));
    const committed = await commit(content);
    expect(committed.status, JSON.stringify(committed.body).slice(0, 500)).toBe(201);
    const record = committed.body.data;
    expect(record.attributes).toMatchObject({ state: 'committed', rowsCount: 600, createdCount: 597, updatedCount: 0, refusedCount: 3, fileName: 'registro.xlsx' });
    expect(await equipmentsOf()).toBe(597);
    const one = (await get(`/api/equipments?filter[customerId]=${customerId}&filter[serialNumber]=B-0002`)).body.data[0];
    expect(one.attributes).toMatchObject({ equipmentId: 'B-0002', module: 'fire', productionDate: '2025-03-15', customerLocationPosition: 'Corridoio 2', characteristics: { agenteEstinguente: 'Polvere ABC' } });
    expect(one.relationships.customerLocationId).toBe(siteId);
    const deadlines = (await get(`/api/physicalActivities?filter[equipmentId]=${one.id}&page[size]=20`)).body.data;
    expect(deadlines.map((d: any) => d.attributes.rule.kind).toSorted()).toEqual(['controlloPeriodico', 'fineVita', 'revisione']);
    const file = await get(`/api/media/${record.attributes.mediaId}`);
    expect(file.status).toBe(200);
    expect(file.body.data.attributes.name).toBe('registro.xlsx');
    expect((await get(`/api/imports?filter[customerId]=${customerId}`)).body.data.map((i: any) => i.id)).toContain(record.id);

    // Undo while nothing imported changed: every equipment and its deadlines go.
    const undone = await post(`/api/imports/${record.id}/actions/undo`);
    expect(undone.status, JSON.stringify(undone.body).slice(0, 500)).toBe(200);
    expect(undone.body.data.attributes.state).toBe('undone');
    expect(await equipmentsOf()).toBe(0);
    expect((await get(`/api/physicalActivities?filter[equipmentId]=${one.id}&page[size]=20`)).body.data ?? []).toEqual([]);
    expect((await post(`/api/imports/${record.id}/actions/undo`)).status).toBe(409);

    // Imported again; then the same layout once more: the saved mapping is offered, the same serials update instead of duplicating.
    const first = await commit(content);
    expect(first.status).toBe(201);
    const b2 = (await get(`/api/equipments?filter[customerId]=${customerId}&filter[serialNumber]=B-0002`)).body.data[0];
    const changed = register('B').map((row) => [row[0], row[1], '10/01/2024', ...row.slice(3)]);
    const again = await preview(await workbook(changed));
    expect(again.body.data.mappingSource).toBe('saved');
    // Row 11's date is right this time: B-0010 is new; the 597 others are updated.
    expect({ create: again.body.data.createCount, update: again.body.data.updateCount }).toEqual({ create: 1, update: 597 });
    const second = await commit(await workbook(changed));
    expect(second.status, JSON.stringify(second.body).slice(0, 500)).toBe(201);
    expect(second.body.data.attributes).toMatchObject({ createdCount: 1, updatedCount: 597 });
    expect(await equipmentsOf()).toBe(598);
    expect((await get(`/api/equipments/${b2.id}`)).body.data.attributes.productionDate).toBe('2024-01-10');

    // The first import's rows were changed since by the second: its undo is refused, listing what changed.
    const blocked = await post(`/api/imports/${first.body.data.id}/actions/undo`);
    expect(blocked.status).toBe(409);
    expect(blocked.body.code).toBe('IMPORT_CHANGED_SINCE');
    expect(blocked.body.errors.length).toBe(597);
    expect(blocked.body.errors[0].message).toMatch(/^B-\d{4}.*: modificato il /);

    // The second one is undone: its new row goes, the updated ones get their previous values back.
    const undoneSecond = await post(`/api/imports/${second.body.data.id}/actions/undo`);
    expect(undoneSecond.status, JSON.stringify(undoneSecond.body).slice(0, 500)).toBe(200);
    expect(await equipmentsOf()).toBe(597);
    expect((await get(`/api/equipments/${b2.id}`)).body.data.attributes.productionDate).toBe('2025-03-15');
  }, 900_000);

  it('reads a formula cell as written, never computing it', async () => {
    const rows = register('F', (index) => (index === 0 ? { formula: '1+1' } : index === 1 ? { formula: 'A2&"x"', result: 'salvato' } : '')).slice(0, 3);
    const response = await preview(await workbook(rows));
    expect(response.status).toBe(200);
    const committed = await commit(await workbook(rows));
    expect(committed.status, JSON.stringify(committed.body).slice(0, 500)).toBe(201);
    const noteOf = async (serial: string) => (await get(`/api/equipments?filter[customerId]=${customerId}&filter[serialNumber]=${serial}`)).body.data[0].attributes.note ?? '';
    const notes = [await noteOf('F-0001'), await noteOf('F-0002'), await noteOf('F-0003')];
    expect(notes).toEqual(['=1+1', 'salvato', '']);
  }, 60_000);

  it('refuses a mapping that names a field twice, a file that is no spreadsheet, and a user without the ability', async () => {
    const content = await workbook(register('G').slice(0, 2));
    const twice = await preview(content, ['serialNumber', 'serialNumber', null, null, null, null, null]);
    expect(twice.status).toBe(422);
    expect(twice.body.errors[0].pointer).toBe('/mapping/1');
    // A machine's type with an extinguishing agent: the kind's own rule refuses the agent, on its column.
    await create('equipmentFamilies', { attributes: { code: 'PON', name: 'Ponte sollevatore', module: 'equip', expiryBasis: 'production', maintenanceRules: [] } });
    const machine = await preview(await workbook([['M-1', 'Ponte sollevatore', '01/02/2024', 'CO2', '', '', '']]));
    expect(machine.status, JSON.stringify(machine.body).slice(0, 300)).toBe(200);
    expect(machine.body.data.rows[0]).toMatchObject({ action: 'refused', errors: [{ column: 'Agente', value: 'CO2' }] });
    const notExcel = await post(`/api/customers/${customerId}/imports/preview`, { fileName: 'registro.xlsx', content: Buffer.from('non sono un foglio').toString('base64') });
    expect(notExcel.status).toBe(415);
    const roles = await insertDemoRoles(api);
    const technician = await insertUser(api, [roles.Manutentore!], { allowedModules: ['fire'] });
    const forbidden = await api.as(technician).request('POST', `/api/customers/${customerId}/imports/preview`, { fileName: 'registro.xlsx', content });
    expect(forbidden.status).toBe(403);
    const forbiddenCommit = await api.as(technician).request('POST', `/api/customers/${customerId}/imports`, { fileName: 'registro.xlsx', content });
    expect(forbiddenCommit.status).toBe(403);
    const forbiddenCatalogue = await api.as(technician).request('POST', '/api/catalogue/imports/preview', { register: 'products', fileName: 'prodotti.xlsx', content });
    expect(forbiddenCatalogue.status).toBe(403);
    // An import the technician may not read is not found, its rows and its undo alike.
    const anImport = (await get(`/api/imports?filter[customerId]=${customerId}&page[size]=1`)).body.data[0];
    expect((await api.as(technician).request('GET', `/api/imports/${anImport.id}/rows`)).status).toBe(404);
    expect((await api.as(technician).request('POST', `/api/imports/${anImport.id}/actions/undo`)).status).toBe(404);
    // A customer register is imported from the customer, the catalogue without one.
    expect((await post('/api/catalogue/imports/preview', { register: 'employees', fileName: 'dipendenti.xlsx', content })).status).toBe(422);
  }, 60_000);

  it('imports the customer\'s sites, updating by name on a second import', async () => {
    const headers = ['Nome sede', 'Indirizzo', 'CAP', 'Comune', 'Prov.', 'Lat', 'Lng'];
    const sites = await workbook([
      ['Deposito Est', 'Via Emilia 12', '26900', 'Lodi', 'lo', '45,3142', '9,5033'],
      ['Magazzino Nord', 'Via Po 1', '20100', 'Milano', 'MI', '', ''],
      ['', 'Via senza nome 3', '', '', '', '', ''],
    ], headers);
    const send = (path: string) => post(`/api/customers/${customerId}/${path}`, { register: 'sites', fileName: 'sedi.csv.xlsx', content: sites });
    const previewed = await send('imports/preview');
    expect(previewed.status, JSON.stringify(previewed.body).slice(0, 500)).toBe(200);
    expect(previewed.body.data).toMatchObject({ register: 'sites', createCount: 1, updateCount: 1, refusedCount: 1 });
    expect(previewed.body.data.rows[2].errors[0]).toMatchObject({ field: 'Nome della sede', message: expect.stringMatching(/obbligatori/i) });
    const committed = await send('imports');
    expect(committed.status, JSON.stringify(committed.body).slice(0, 500)).toBe(201);
    const created = (await get(`/api/customers?filter[parentId]=${customerId}&page[size]=10`)).body.data;
    const east = created.find((site: any) => site.attributes.registry.businessName === 'Deposito Est');
    expect(east.attributes).toMatchObject({ parentId: customerId, registry: { city: 'Lodi', province: 'LO', zipCode: '26900' }, registeredOffice: { latitude: 45.3142, longitude: 9.5033 } });
    expect(east.metadata.type).toBe('officeLocation');
    expect((await get(`/api/customers/${siteId}`)).body.data.attributes.registry).toMatchObject({ address: 'Via Po 1', city: 'Milano' });
    // The import's page lists what it wrote; undo gives the updated site its previous (empty) address back.
    const rows = await get(`/api/imports/${committed.body.data.id}/rows`);
    expect(rows.status).toBe(200);
    expect(rows.body.data.map((row: any) => [row.action, row.title, row.changedSince]).toSorted()).toEqual([['create', 'Deposito Est', 'no'], ['update', 'Magazzino Nord', 'no']]);
    expect((await post(`/api/imports/${committed.body.data.id}/actions/undo`)).status).toBe(200);
    expect((await get(`/api/customers/${east.id}`)).body.data?.metadata.isDeleted ?? true).toBe(true);
    expect((await get(`/api/customers/${siteId}`)).body.data.attributes.registry.address ?? '').toBe('');
  }, 60_000);

  it('imports employees with their safety roles by code or name, matched by fiscal code', async () => {
    const rspp = await create('safetyRoles', { attributes: { code: 'RSPP', name: 'Responsabile del servizio di prevenzione e protezione' } });
    const firstAid = await create('safetyRoles', { attributes: { code: 'APS', name: 'Addetto primo soccorso' } });
    const job = await create('jobs', { attributes: { code: 'MAG', name: 'Magazziniere' } });
    const headers = ['Cognome', 'Nome', 'Codice fiscale', 'Data assunzione', 'Mansione', 'Incarichi sicurezza', 'Sede'];
    const people = (role: string) => workbook([
      ['Rossi', 'Mario', 'rssmra80a01f205x', '01/09/2020', 'Magazziniere', role, 'Magazzino Nord'],
      ['Bianchi', 'Anna', 'BNCNNA85M41F205Q', '2021', 'MAG', 'Addetto primo soccorso', ''],
      ['Verdi', 'Luca', 'VRDLCU90B02F205P', '', '', 'Capo cantiere', ''],
    ], headers);
    const send = async (path: string, role: string) => post(`/api/customers/${customerId}/${path}`, { register: 'employees', fileName: 'dipendenti.xlsx', content: await people(role) });
    const previewed = await send('imports/preview', 'RSPP; APS');
    expect(previewed.status, JSON.stringify(previewed.body).slice(0, 500)).toBe(200);
    expect(previewed.body.data).toMatchObject({ createCount: 2, refusedCount: 1 });
    expect(previewed.body.data.rows[2].errors[0]).toMatchObject({ column: 'Incarichi sicurezza', message: 'Ruolo per la sicurezza non trovato: «Capo cantiere» (indicare codice o nome)' });
    expect((await send('imports', 'RSPP; APS')).status).toBe(201);
    const rossi = (await get(`/api/employees?filter[customerId]=${customerId}&filter[fiscalCode]=RSSMRA80A01F205X`)).body.data[0];
    expect(rossi.attributes).toMatchObject({ lastName: 'Rossi', hireDate: '2020-09-01' });
    expect(rossi.relationships).toMatchObject({ jobId: job.id, officeLocationId: siteId });
    expect(rossi.relationships.safetyRoleIds.toSorted()).toEqual([rspp.id, firstAid.id].toSorted());
    // The same people again, Rossi now first aid only: one update, nobody duplicated.
    const again = await send('imports', 'APS');
    expect(again.status, JSON.stringify(again.body).slice(0, 500)).toBe(201);
    expect(again.body.data.attributes).toMatchObject({ register: 'employees', createdCount: 0, updatedCount: 1 });
    expect((await get(`/api/employees?filter[customerId]=${customerId}&page[size]=1`)).body.meta.total).toBe(2);
    expect((await get(`/api/employees/${rossi.id}`)).body.data.relationships.safetyRoleIds).toEqual([firstAid.id]);
  }, 60_000);

  it('imports products with their price-list rows into the catalogue, and undo gives the price list its rows back', async () => {
    const existing = await create('products', { attributes: { code: 'EST-6KG', name: 'Estintore 6 kg polvere' } });
    const list = await create('priceLists', { attributes: { code: 'L2026', name: 'Listino 2026', items: [{ productId: existing.id, price: 40 }] } });
    const headers = ['Codice articolo', 'Descrizione', 'Listino', 'Prezzo'];
    const content = await workbook([
      ['EST-6KG', 'Estintore 6 kg polvere', 'L2026', '42,50'],
      ['MAN-SEM', 'Manutenzione semestrale', 'Listino 2026', '18'],
      ['CAR-CO2', 'Cartello CO2', 'L2026', 'gratis'],
      ['SEN-LIS', 'Senza listino', '', '5'],
    ], headers);
    expect((await post(`/api/customers/${customerId}/imports/preview`, { register: 'products', fileName: 'prodotti.xlsx', content })).status).toBe(422);
    const previewed = await post('/api/catalogue/imports/preview', { register: 'products', fileName: 'prodotti.xlsx', content });
    expect(previewed.status, JSON.stringify(previewed.body).slice(0, 500)).toBe(200);
    expect(previewed.body.data).toMatchObject({ createCount: 1, updateCount: 1, refusedCount: 2 });
    expect(previewed.body.data.rows[2].errors[0]).toMatchObject({ column: 'Prezzo', value: 'gratis' });
    expect(previewed.body.data.rows[3].errors[0]).toMatchObject({ column: 'Listino', value: '', message: 'Indicare il listino in cui va il prezzo' });
    const committed = await post('/api/catalogue/imports', { register: 'products', fileName: 'prodotti.xlsx', content });
    expect(committed.status, JSON.stringify(committed.body).slice(0, 500)).toBe(201);
    expect(committed.body.data.relationships.customerId ?? null).toBeNull();
    const created = (await get('/api/products?filter[code]=MAN-SEM')).body.data[0];
    const items = (await get(`/api/priceLists/${list.id}`)).body.data.attributes.items;
    expect(items).toEqual([{ productId: existing.id, price: 42.5 }, { productId: created.id, price: 18 }]);
    expect((await get(`/api/media/${committed.body.data.attributes.mediaId}`)).status).toBe(200);
    const undone = await post(`/api/imports/${committed.body.data.id}/actions/undo`);
    expect(undone.status, JSON.stringify(undone.body).slice(0, 500)).toBe(200);
    expect((await get(`/api/priceLists/${list.id}`)).body.data.attributes.items).toEqual([{ productId: existing.id, price: 40 }]);
    expect((await get(`/api/products/${created.id}`)).body.data?.metadata.isDeleted ?? true).toBe(true);
  }, 60_000);

  it('imports installations with their type by its Italian name, and equipment with the customer\'s additional fields', async () => {
    const headers = ['Codice', 'Nome', 'Tipo', 'Sede', 'Data installazione'];
    const plants = await workbook([
      ['IMP-01', 'Rete idranti magazzino', 'Rete idranti', 'Magazzino Nord', '2019'],
      ['IMP-02', 'Rivelazione fumi uffici', 'Rivelazione incendi', '', ''],
      ['IMP-03', 'Vasca', 'Piscina', '', ''],
    ], headers);
    const installations = await post(`/api/customers/${customerId}/imports`, { register: 'installations', fileName: 'impianti.xlsx', content: plants });
    expect(installations.status, JSON.stringify(installations.body).slice(0, 900)).toBe(201);
    expect(installations.body.meta.preview).toMatchObject({ createCount: 2, refusedCount: 1 });
    expect(installations.body.meta.preview.rows[2].errors[0]).toMatchObject({ column: 'Tipo', message: expect.stringMatching(/^Valore non ammesso: «Piscina» \(ammessi: Sprinkler, /) });
    const hydrants = (await get(`/api/installations?filter[customerId]=${customerId}&filter[code]=IMP-01`)).body.data[0];
    expect(hydrants.attributes).toMatchObject({ type: 'hydrant', module: 'fire', installationDate: '2019-01-01' });
    expect(hydrants.relationships.customerLocationId).toBe(siteId);

    // The customer's additional fields are columns too, read by their type.
    const customer = (await get(`/api/customers/${customerId}`)).body.data;
    const patched = await api.as(api.adminId).request('PATCH', `/api/customers/${customerId}`, {
      metadata: { featureFlags: { hasAdditionalFields: true, hasMediaTree: false }, additionalPEFields: [
        { type: 'number', label: 'Peso (kg)', name: 'peso' }, { type: 'checkbox', label: 'Cartello presente', name: 'cartello' },
      ] },
    }, { 'if-match': `"${customer.metadata.lastUpdatedDateTime}"` });
    expect(patched.status, JSON.stringify(patched.body).slice(0, 300)).toBe(200);
    const extra = await workbook([['X-1', 'EST-POL', '01/01/2024', '6', 'Sì', 'CO2'], ['X-2', 'EST-POL', '01/01/2024', '9', 'forse', 'CO2'], ['X-3', 'EST-POL', '01/01/2024', '9', 'No', '']],
      ['Matricola', 'Tipo', 'Data fabbricazione', 'Peso (kg)', 'Cartello presente', 'Agente']);
    const previewed = await preview(extra);
    expect(previewed.status, JSON.stringify(previewed.body).slice(0, 300)).toBe(200);
    expect(previewed.body.data.mapping).toEqual(['serialNumber', 'family', 'productionDate', 'extra.peso', 'extra.cartello', 'agent']);
    // The preview runs the write pipeline's own checks too: this type's deadlines need the agent (the deadline engine's hook).
    expect(previewed.body.data.rows[2].errors[0]).toMatchObject({ column: 'Agente', message: 'Indicare l’agente estinguente: le scadenze di questo tipo dipendono dall’agente' });
    expect(previewed.body.data.targets).toContainEqual({ key: 'extra.peso', label: 'Peso (kg)' });
    expect(previewed.body.data.rows[1].errors[0]).toMatchObject({ column: 'Cartello presente', message: 'Indicare Sì o No' });
    const extraCommitted = await commit(extra);
    expect(extraCommitted.status, JSON.stringify(extraCommitted.body).slice(0, 600)).toBe(201);
    const x1 = (await get(`/api/equipments?filter[customerId]=${customerId}&filter[serialNumber]=X-1`)).body.data[0];
    expect(x1.attributes.additionalData).toEqual({ peso: 6, cartello: true });
  }, 60_000);

  it('imports the office\'s customers, matched by VAT number among customers and never among sites', async () => {
    const existing = await create('customers', { attributes: { allowedModules: ['fire'], registry: { businessName: 'Fonderia Bresciana Srl', vatNumber: '01234567897' } } });
    const existingSite = await create('customers', { attributes: { parentId: existing.id, registry: { businessName: 'Fonderia – Reparto colata', vatNumber: '01234567897' } } });
    const content = await workbook([
      ['Fonderia Bresciana Srl', '01234567897', 'Brescia', 'bs', 'Antincendio'],
      ['Cartiera del Garda Spa', '07654321012', 'Riva del Garda', 'TN', 'Antincendio; Formazione'],
      ['Ditta Sbagliata', '12345678901', 'Roma', 'RM', 'Antincendio'],
    ], ['Ragione sociale', 'P.IVA', 'Comune', 'Prov.', 'Moduli']);
    expect((await post(`/api/customers/${customerId}/imports/preview`, { register: 'customers', fileName: 'clienti.xlsx', content })).status).toBe(422);
    const committed = await post('/api/catalogue/imports', { register: 'customers', fileName: 'clienti.xlsx', content });
    expect(committed.status, JSON.stringify(committed.body).slice(0, 500)).toBe(201);
    expect(committed.body.meta.preview).toMatchObject({ createCount: 1, updateCount: 1, refusedCount: 1 });
    expect(committed.body.meta.preview.rows[2].errors[0]).toMatchObject({ column: 'P.IVA', value: '12345678901' });
    expect((await get(`/api/customers/${existing.id}`)).body.data.attributes.registry).toMatchObject({ city: 'Brescia', province: 'BS' });
    expect((await get(`/api/customers/${existingSite.id}`)).body.data.attributes.registry.city ?? '').toBe('');
    const created = (await get('/api/customers?filter[vatNumber]=07654321012')).body.data;
    expect(created.map((c: any) => [c.attributes.registry.businessName, c.attributes.allowedModules])).toEqual([['Cartiera del Garda Spa', ['fire', 'edu']]]);
  }, 60_000);
});
