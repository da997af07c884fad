/** Reference tables: zones, groups, classifications, context tables, payment terms, invoicing methods, jobs. */
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { commercialZoneDefinitions, operatingZoneDefinitions } from './italian-data.ts';
import { salesmen, stateOf } from './state.ts';
import { code } from './util.ts';

const customerGroupNames = [
  'Gruppo Grande Distribuzione Lombarda', 'Rete franchising Ottica Visione', 'Consorzio Artigiani Brianza', 'Holding Ferrari Immobiliare',
  'Catena Hotel Riviera', 'Gruppo Scuole Paritarie San Giuseppe', 'Consorzio Cooperative Sociali', 'Rete Farmacie Comunali',
  'Gruppo Concessionarie Auto Nord', 'Distretto Ceramico Sassuolo', 'Consorzio Logistica Padana', 'Rete Studi Dentistici Sorriso',
  'Gruppo RSA Serena Età', 'Catena Ristoranti La Braceria', 'Consorzio Edile Toscano', 'Gruppo Supermercati Sole',
  'Federazione Palestre Fitness Plus', 'Rete Agenzie Assicurative Tutela', 'Gruppo Alberghiero Dolomiti', 'Consorzio Metalmeccanico Bresciano',
  'Gruppo Cliniche Veterinarie', 'Rete Asili Nido Girotondo', 'Catena Outlet Moda', 'Consorzio Agroalimentare Emiliano',
  'Gruppo Trasporti Adriatica', 'Rete Banche di Credito Cooperativo', 'Gruppo Parcheggi Urbani', 'Consorzio Vivaisti Pistoiesi',
  'Gruppo Centri Commerciali Aurora', 'Rete Uffici Postali Privati',
];

const classificationDefinitions: { code: string; name: string; module?: string; description: string }[] = [
  { code: 'RISCHIO-A', name: 'Rischio incendio alto', module: 'fire', description: 'Attività soggette a controllo VVF di categoria C' },
  { code: 'RISCHIO-M', name: 'Rischio incendio medio', module: 'fire', description: 'Attività soggette a controllo VVF di categoria B' },
  { code: 'RISCHIO-B', name: 'Rischio incendio basso', module: 'fire', description: 'Attività non soggette o di categoria A' },
  { code: 'ATECO-C', name: 'Attività manifatturiere', description: 'Sezione C della classificazione ATECO' },
  { code: 'ATECO-F', name: 'Costruzioni', description: 'Sezione F della classificazione ATECO' },
  { code: 'ATECO-G', name: 'Commercio all’ingrosso e al dettaglio', description: 'Sezione G della classificazione ATECO' },
  { code: 'ATECO-I', name: 'Alloggio e ristorazione', description: 'Sezione I della classificazione ATECO' },
  { code: 'ATECO-Q', name: 'Sanità e assistenza sociale', description: 'Sezione Q della classificazione ATECO' },
  { code: 'MAC-CE', name: 'Macchine marcate CE', module: 'equip', description: 'Attrezzature conformi alla direttiva macchine' },
  { code: 'MAC-ALL7', name: 'Attrezzature in allegato VII', module: 'equip', description: 'Soggette a verifiche periodiche (D.Lgs. 81/08, allegato VII)' },
  { code: 'FORM-OBB', name: 'Formazione obbligatoria', module: 'edu', description: 'Corsi previsti dall’Accordo Stato-Regioni' },
  { code: 'MED-SORV', name: 'Sorveglianza sanitaria', module: 'med', description: 'Lavoratori soggetti a visita periodica' },
];

const contextTableRows: Record<string, string[]> = {
  motiviRinvio: ['Cliente assente', 'Accesso non consentito', 'Maltempo', 'Materiale non disponibile', 'Richiesta del cliente', 'Operatore in malattia', 'Sovrapposizione con altro intervento', 'Locali in ristrutturazione'],
  esitiContatto: ['Interessato, richiamare', 'Richiesto preventivo', 'Non interessato', 'Già servito da concorrente', 'Numero errato', 'Fissato appuntamento', 'Inviata documentazione', 'Da ricontattare dopo le ferie'],
  settoriAttivita: ['Industria manifatturiera', 'Edilizia', 'Commercio', 'Logistica e trasporti', 'Sanità', 'Scuola e formazione', 'Turismo e ristorazione', 'Pubblica amministrazione'],
  tipiDocumento: ['Certificato di prevenzione incendi', 'Registro antincendio', 'Documento di valutazione dei rischi', 'Piano di emergenza ed evacuazione', 'Verbale di verifica periodica', 'Attestato di formazione', 'Giudizio di idoneità', 'Dichiarazione di conformità'],
  canaliAcquisizione: ['Passaparola', 'Sito web', 'Fiera di settore', 'Campagna e-mail', 'Telemarketing', 'Segnalazione di un partner', 'Gara d’appalto', 'Social network'],
};

const paymentTermDefinitions = [
  { code: 'RD', description: 'Rimessa diretta', days: 0, endOfMonth: false },
  { code: 'BB30', description: 'Bonifico bancario 30 gg fine mese', days: 30, endOfMonth: true },
  { code: 'BB60', description: 'Bonifico bancario 60 gg fine mese', days: 60, endOfMonth: true },
  { code: 'BB30DF', description: 'Bonifico bancario 30 gg data fattura', days: 30, endOfMonth: false },
  { code: 'RIBA30', description: 'Ricevuta bancaria 30 gg fine mese', days: 30, endOfMonth: true },
  { code: 'RIBA60', description: 'Ricevuta bancaria 60 gg fine mese', days: 60, endOfMonth: true },
  { code: 'RIBA90', description: 'Ricevuta bancaria 90 gg fine mese', days: 90, endOfMonth: true },
  { code: 'RIBA120', description: 'Ricevuta bancaria 120 gg fine mese', days: 120, endOfMonth: true },
  { code: 'RID', description: 'Addebito diretto SEPA a vista fattura', days: 0, endOfMonth: false },
  { code: 'ANT', description: 'Pagamento anticipato all’ordine', days: 0, endOfMonth: false },
];

type Instalment = { percentage: number; timing: string; duration?: number; unit?: string; description?: string };

const invoicingMethodDefinitions: { name: string; type: 'instalment' | 'singlePayment'; instalments: Instalment[] }[] = [
  { name: 'Pagamento unico alla firma', type: 'singlePayment', instalments: [{ percentage: 100, timing: 'atSubscription' }] },
  { name: 'Pagamento unico a fine lavori', type: 'singlePayment', instalments: [{ percentage: 100, timing: 'atCompletion' }] },
  { name: 'Pagamento unico a 60 giorni dalla fine lavori', type: 'singlePayment', instalments: [{ percentage: 100, timing: 'durationFromCompletion', duration: 60, unit: 'days' }] },
  {
    name: 'Acconto 30% e saldo a fine lavori', type: 'instalment',
    instalments: [{ percentage: 30, timing: 'atSubscription', description: 'Acconto' }, { percentage: 70, timing: 'atCompletion', description: 'Saldo' }],
  },
  {
    name: '50% all’ordine, 50% a fine lavori', type: 'instalment',
    instalments: [{ percentage: 50, timing: 'atSubscription' }, { percentage: 50, timing: 'atCompletion' }],
  },
  {
    name: 'Stati di avanzamento lavori', type: 'instalment',
    instalments: [
      { percentage: 30, timing: 'atWorkProgress', description: 'Primo SAL' },
      { percentage: 30, timing: 'atWorkProgress', description: 'Secondo SAL' },
      { percentage: 40, timing: 'atCompletion', description: 'Collaudo finale' },
    ],
  },
  {
    name: 'Canone trimestrale anticipato', type: 'instalment',
    instalments: [
      { percentage: 25, timing: 'atSubscription', description: 'Primo trimestre' },
      { percentage: 25, timing: 'durationFromSubscription', duration: 3, unit: 'months', description: 'Secondo trimestre' },
      { percentage: 25, timing: 'durationFromSubscription', duration: 6, unit: 'months', description: 'Terzo trimestre' },
      { percentage: 25, timing: 'durationFromSubscription', duration: 9, unit: 'months', description: 'Quarto trimestre' },
    ],
  },
  {
    name: 'Tre rate: 40% alla firma, 30% a 30 e 30% a 60 giorni', type: 'instalment',
    instalments: [
      { percentage: 40, timing: 'atSubscription' },
      { percentage: 30, timing: 'durationFromSubscription', duration: 30, unit: 'days' },
      { percentage: 30, timing: 'durationFromSubscription', duration: 60, unit: 'days' },
    ],
  },
];

const jobNames = [
  'Impiegato amministrativo', 'Magazziniere', 'Carrellista', 'Operaio edile', 'Elettricista', 'Saldatore', 'Autista di mezzi pesanti',
  'Addetto alle pulizie', 'Cuoco', 'Cameriere', 'Commesso', 'Infermiere', 'Operatore socio-sanitario', 'Muratore', 'Carpentiere',
  'Idraulico', 'Manutentore meccanico', 'Operatore CNC', 'Addetto al confezionamento', 'Receptionist', 'Programmatore',
  'Responsabile di produzione', 'Addetto alla logistica', 'Gruista', 'Escavatorista', 'Tecnico di laboratorio', 'Insegnante',
  'Educatore', 'Addetto vendite', 'Operatore di call center',
];

const jobScopeNames = [
  'Ufficio', 'Magazzino', 'Cantiere edile', 'Officina', 'Laboratorio', 'Reparto produzione', 'Cucina', 'Sala e bar', 'Punto vendita',
  'Reparto sanitario', 'Trasporti su strada', 'Lavori in quota', 'Ambienti confinati', 'Spazi aperti', 'Scuola',
];

export async function seedReferenceTables(ctx: SeedContext): Promise<Record<string, number>> {
  const state = stateOf(ctx);
  const sellers = salesmen(state);
  const zoneItems: SeedItem[] = commercialZoneDefinitions.map((zone, index) => {
    // Every zone has a salesman; the busiest ones have two.
    const salesmanIds = [sellers[index % sellers.length]!.id, ...(zone.provinces.length > 7 ? [sellers[(index + 5) % sellers.length]!.id] : [])];
    return { attributes: { code: zone.code, name: zone.name, description: zone.description, provinces: zone.provinces }, relationships: { salesmanIds: [...new Set(salesmanIds)] } };
  });
  const zoneIds = await ctx.insert('commercialZones', zoneItems);
  commercialZoneDefinitions.forEach((zone, index) => {
    const id = zoneIds[index] as string;
    for (const province of zone.provinces) state.zoneIdsByProvince.set(province, id);
    state.zoneSalesmen.set(id, zoneItems[index]!.relationships!.salesmanIds as string[]);
  });

  const groups = await ctx.insert('customerGroups', customerGroupNames.map((name, index) => ({
    attributes: { code: code('GRP', index + 1, 3), name, description: index % 3 === 0 ? 'Condizioni commerciali concordate a livello di gruppo' : undefined },
  })));
  const zones = await ctx.insert('zones', operatingZoneDefinitions.map((zone) => ({ attributes: { code: zone.code, name: zone.name, provinces: zone.provinces } })));
  const classifications = await ctx.insert('classifications', classificationDefinitions.map((item) => ({ attributes: item })));
  const contextRows: SeedItem[] = Object.entries(contextTableRows).flatMap(([tableName, labels]) =>
    labels.map((label, order) => ({ attributes: { tableName, code: String(order + 1).padStart(2, '0'), label, order, isActive: order < labels.length - 1 || tableName !== 'esitiContatto' } })),
  );
  const contextTables = await ctx.insert('contextTables', contextRows);

  state.paymentTermIds = await ctx.insert('paymentTerms', paymentTermDefinitions.map((term) => ({ attributes: term })));
  paymentTermDefinitions.forEach((term, index) => state.paymentTermCodes.set(state.paymentTermIds[index] as string, term.code));
  state.invoicingMethodIds = await ctx.insert('invoicingMethods', invoicingMethodDefinitions.map((method) => ({ attributes: method })));

  const jobs = await ctx.insert('jobs', jobNames.map((name, index) => ({ attributes: { code: code('MAN', index + 1, 3), name } })));
  const jobScopes = await ctx.insert('jobScopes', jobScopeNames.map((name, index) => ({ attributes: { code: code('AMB', index + 1, 3), name } })));
  return {
    commercialZones: zoneIds.length, customerGroups: groups.length, zones: zones.length, classifications: classifications.length,
    contextTables: contextTables.length, paymentTerms: state.paymentTermIds.length, invoicingMethods: state.invoicingMethodIds.length,
    jobs: jobs.length, jobScopes: jobScopes.length,
  };
}
