/**
 * The printed documents (DESIGN §4 "Documents") and the placeholders each one offers to its
 * templates, as data: the server fills them, the template editor lists them and checks a
 * template against them. Names are Italian, as the people who write the templates read them.
 *
 * A placeholder has a `format`: text as it is, `money` (EUR, two decimals), `date` (dd/mm/yyyy,
 * a date-time read as its day in Europe/Rome), `number` (Italian decimals). A `list` placeholder
 * is a section repeated per item (`{{#righe}}…{{/righe}}`) whose own placeholders are its `items`.
 */
import type { templateDocTypes } from '../enums.ts';

export type TemplateDocType = (typeof templateDocTypes)[number];

export type PlaceholderFormat = 'text' | 'money' | 'date' | 'number';

export interface Placeholder {
  name: string;
  /** What it prints, in Italian (the editor's list and its search). */
  label: string;
  format?: PlaceholderFormat;
  /** A repeated section: the placeholders of each item. */
  items?: readonly Placeholder[];
}

export interface DocumentDeclaration {
  type: TemplateDocType;
  /** The record kind the document is printed from: `GET /api/{recordType}/{id}/document`. */
  recordType: string;
  label: string;
  /** Module whose report heading is preferred (then the general one). */
  headingModule?: string;
  /** The record's own module chooses the heading (an intervention's report carries its service's heading). */
  headingFromRecordModule?: boolean;
  placeholders: readonly Placeholder[];
  /** Where an issued copy is listed on its record: a list of file items, each with these fields besides `mediaId` and `name`. */
  attachAs?: { path: string; item: Readonly<Record<string, unknown>> };
  /** Each printed copy carries a QR code to a page confirming its SHA-256 (the register an inspector asks for, issue 26 §2). */
  verifiable?: boolean;
}

const text = (name: string, label: string): Placeholder => ({ name, label });
const money = (name: string, label: string): Placeholder => ({ name, label, format: 'money' });
const date = (name: string, label: string): Placeholder => ({ name, label, format: 'date' });
const number = (name: string, label: string): Placeholder => ({ name, label, format: 'number' });
const list = (name: string, label: string, items: Placeholder[]): Placeholder => ({ name, label, items });

/** Company data of the report heading, offered by every document. */
const headingPlaceholders: Placeholder[] = [
  text('intestazione.ragioneSociale', 'Intestazione: ragione sociale'),
  text('intestazione.partitaIva', 'Intestazione: partita IVA'),
  text('intestazione.telefono', 'Intestazione: telefono'),
  text('intestazione.email', 'Intestazione: email'),
  date('documento.data', 'Data di stampa'),
];

const customerPlaceholders: Placeholder[] = [
  text('cliente.ragioneSociale', 'Cliente: ragione sociale o nome'),
  text('cliente.indirizzo', 'Cliente: indirizzo'),
  text('cliente.cap', 'Cliente: CAP'),
  text('cliente.citta', 'Cliente: città'),
  text('cliente.provincia', 'Cliente: provincia'),
  text('cliente.partitaIva', 'Cliente: partita IVA'),
  text('cliente.codiceFiscale', 'Cliente: codice fiscale'),
];

/** An equipment as the register of checks prints it, alone or beside each of its checks. */
const equipmentPlaceholders: Placeholder[] = [
  text('attrezzatura', 'Attrezzatura: codice'),
  text('tipo', 'Attrezzatura: tipo'),
  text('matricola', 'Attrezzatura: matricola'),
  text('posizione', 'Attrezzatura: posizione'),
  text('datiAggiuntivi', 'Attrezzatura: campi aggiuntivi del cliente inclusi nel rapporto, nell’ordine delle colonne, uno per riga («campo: valore»)'),
];

export const documentDeclarations: Record<TemplateDocType, DocumentDeclaration> = {
  quotation: {
    type: 'quotation',
    recordType: 'quotations',
    label: 'Preventivo',
    attachAs: { path: 'attributes.attachments', item: { kind: 'quotation' } },
    placeholders: [
      ...headingPlaceholders,
      ...customerPlaceholders,
      text('preventivo.codice', 'Preventivo: numero'),
      text('preventivo.titolo', 'Preventivo: oggetto'),
      date('preventivo.data', 'Preventivo: data di redazione'),
      date('preventivo.scadenza', 'Preventivo: valido fino al'),
      text('preventivo.revisione', 'Preventivo: numero di revisione'),
      text('preventivo.note', 'Preventivo: note'),
      text('preventivo.pagamento', 'Preventivo: modalità di pagamento'),
      money('preventivo.totaleListino', 'Preventivo: totale a listino'),
      money('preventivo.totaleSconto', 'Preventivo: sconto totale'),
      money('preventivo.totaleNetto', 'Preventivo: totale imponibile'),
      text('commerciale.nome', 'Commerciale: nome'),
      list('righe', 'Righe del preventivo (prodotti, titoli di sezione e note)', [
        number('numero', 'Riga: numero progressivo (solo prodotti)'),
        text('tipo', 'Riga: tipo (Prodotto, Sezione, Nota)'),
        text('opzionale', 'Riga: «opzionale» per le righe facoltative, escluse dal totale'),
        text('descrizione', 'Riga: descrizione'),
        number('quantita', 'Riga: quantità'),
        text('unita', 'Riga: unità di misura'),
        money('prezzoUnitario', 'Riga: prezzo unitario'),
        text('sconto', 'Riga: sconto («8%», o «offerta 15%» quando lo fa l’offerta del cliente)'),
        money('totale', 'Riga: totale netto'),
        text('note', 'Riga: note'),
      ]),
    ],
  },
  courseCertificate: {
    type: 'courseCertificate',
    recordType: 'trainingPlans',
    label: 'Attestato del corso',
    headingModule: 'edu',
    placeholders: [
      ...headingPlaceholders,
      ...customerPlaceholders,
      text('piano.titolo', 'Piano formativo: titolo'),
      text('piano.anno', 'Piano formativo: anno'),
      list('attestati', 'Attestati (uno per partecipante e corso)', [
        text('dipendente.nome', 'Partecipante: nome'),
        text('dipendente.cognome', 'Partecipante: cognome'),
        text('dipendente.codiceFiscale', 'Partecipante: codice fiscale'),
        date('dipendente.dataNascita', 'Partecipante: data di nascita'),
        text('dipendente.luogoNascita', 'Partecipante: luogo di nascita'),
        text('corso.codice', 'Corso: codice'),
        text('corso.titolo', 'Corso: titolo'),
        number('corso.ore', 'Corso: durata in ore'),
        date('corso.data', 'Corso: data di svolgimento'),
        text('corso.validita', 'Corso: validità'),
        text('esito', 'Esito della verifica'),
        text('riferimentiNormativi', 'Riferimenti normativi'),
      ]),
    ],
  },
  interventionReport: {
    type: 'interventionReport',
    recordType: 'assignments',
    label: 'Rapporto di intervento',
    headingFromRecordModule: true,
    placeholders: [
      ...headingPlaceholders,
      ...customerPlaceholders,
      text('intervento.codice', 'Intervento: codice'),
      text('intervento.titolo', 'Intervento: titolo'),
      text('intervento.descrizione', 'Intervento: descrizione'),
      date('intervento.inizio', 'Intervento: inizio'),
      date('intervento.fine', 'Intervento: fine'),
      text('intervento.note', 'Intervento: note'),
      text('intervento.stato', 'Intervento: stato'),
      text('intervento.destinatari', 'Intervento: email del cliente a cui inviare il rapporto'),
      list('attivita', 'Attività dell’intervento', [
        text('nome', 'Attività: nome'),
        text('attrezzatura', 'Attività: attrezzatura'),
        text('matricola', 'Attività: matricola'),
        text('stato', 'Attività: stato'),
        date('data', 'Attività: data di esecuzione'),
        text('esito', 'Attività: esito e note'),
      ]),
      list('verifiche', 'Controlli eseguiti (l’ultimo esito di ciascuno)', [
        text('attrezzatura', 'Controllo: attrezzatura o impianto'),
        text('controllo', 'Controllo: nome'),
        text('esito', 'Controllo: esito'),
        text('note', 'Controllo: note'),
      ]),
      // Issue 25: who did the work and their qualification (D.M. 1/9/2021), one line per qualification valid on the intervention's day.
      list('tecnici', 'Tecnici dell’intervento e loro qualifica (D.M. 1 settembre 2021)', [
        text('nome', 'Tecnico: nome'),
        text('ruolo', 'Tecnico: responsabile o operatore'),
        text('qualifica', 'Tecnico: tipi di impianto per cui è qualificato'),
        text('ente', 'Tecnico: ente certificatore'),
        text('certificato', 'Tecnico: numero del certificato'),
        date('validaFino', 'Tecnico: qualifica valida fino al'),
      ]),
      list('anomalie', 'Anomalie rilevate durante l’intervento', [
        text('attrezzatura', 'Anomalia: attrezzatura o impianto'),
        text('rischio', 'Anomalia: rischio'),
        text('descrizione', 'Anomalia: descrizione'),
        text('stato', 'Anomalia: stato'),
        date('data', 'Anomalia: data di rilevazione'),
      ]),
    ],
  },
  controlRegister: {
    type: 'controlRegister',
    recordType: 'customers',
    label: 'Registro dei controlli',
    headingModule: 'fire',
    verifiable: true,
    placeholders: [
      ...headingPlaceholders,
      ...customerPlaceholders,
      text('registro.riferimentoNormativo', 'Riferimento normativo del registro'),
      // Issue 26 §2: the register of one site (empty: every site of the customer).
      text('registro.sede', 'Sede del registro (vuoto: tutte le sedi del cliente)'),
      // Issue 23: each equipment once, its data beside it, so the checks' table need not repeat them on every row.
      list('attrezzature', 'Attrezzature antincendio del registro', equipmentPlaceholders),
      list('controlli', 'Controlli per attrezzatura', [
        ...equipmentPlaceholders,
        date('data', 'Controllo: data'),
        text('controllo', 'Controllo: nome'),
        text('esito', 'Controllo: esito'),
        text('note', 'Controllo: note'),
        // Issue 25: the technician in charge of the intervention that recorded it, and their qualification on that day.
        text('tecnico', 'Controllo: tecnico che lo ha eseguito'),
        text('qualificaTecnico', 'Controllo: qualifica del tecnico (D.M. 1 settembre 2021) in quel giorno'),
      ]),
      // Issue 26 §4: the anomalies, and how each was resolved (by the customer's accepted proof, or by the maintenance firm).
      list('anomalie', 'Anomalie delle attrezzature e degli impianti', [
        text('attrezzatura', 'Attrezzatura o impianto: codice'),
        date('rilevata', 'Anomalia: rilevata il'),
        text('rischio', 'Anomalia: rischio'),
        text('descrizione', 'Anomalia: descrizione'),
        text('stato', 'Anomalia: stato'),
        date('risoltaIl', 'Anomalia: risolta il'),
        text('risoltaDa', 'Anomalia: risolta da (il cliente, con le prove accettate e il giorno, o la ditta di manutenzione)'),
        text('risoluzione', 'Anomalia: come è stata risolta (la nota del cliente o del tecnico)'),
        text('prove', 'Anomalia risolta dal cliente: prove (numero e nomi dei file)'),
      ]),
      // Issue 26 §2: the interventions carried out, with the technician in charge and their qualification that day.
      list('interventi', 'Interventi eseguiti', [
        text('codice', 'Intervento: codice'),
        date('data', 'Intervento: data'),
        text('descrizione', 'Intervento: descrizione'),
        text('esito', 'Intervento: esito'),
        text('tecnico', 'Intervento: tecnico responsabile'),
        text('qualificaTecnico', 'Intervento: qualifica del tecnico (D.M. 1 settembre 2021) in quel giorno'),
      ]),
      // The technicians the register names, each with every qualification recorded (printed once, not on every row).
      list('tecnici', 'Tecnici e loro qualifiche', [
        text('nome', 'Tecnico: nome'),
        text('qualifiche', 'Tecnico: qualifiche registrate (tipi, ente, numero, dal, scadenza)'),
      ]),
    ],
  },
  // Issue 26 §5: what the customer ordered, for its document vault (and the office's print). No note: an order's notes are the staff's.
  orderConfirmation: {
    type: 'orderConfirmation',
    recordType: 'orders',
    label: 'Conferma d’ordine',
    headingFromRecordModule: true,
    placeholders: [
      ...headingPlaceholders,
      ...customerPlaceholders,
      text('ordine.numero', 'Ordine: numero'),
      date('ordine.data', 'Ordine: data'),
      text('ordine.stato', 'Ordine: stato'),
      text('ordine.sede', 'Ordine: sede del cliente (vuoto: la sede principale)'),
      date('ordine.inizioLavori', 'Ordine: inizio dei lavori'),
      date('ordine.fineLavori', 'Ordine: fine dei lavori'),
      money('ordine.totaleListino', 'Ordine: totale a listino'),
      money('ordine.totaleSconto', 'Ordine: sconto totale'),
      number('ordine.totaleScontoPercentuale', 'Ordine: sconto totale %'),
      money('ordine.totaleNetto', 'Ordine: totale imponibile'),
      text('preventivo.codice', 'Preventivo di origine: numero'),
      text('preventivo.titolo', 'Preventivo di origine: oggetto'),
      date('preventivo.data', 'Preventivo di origine: data'),
      list('righe', 'Righe dell’ordine', [
        number('numero', 'Riga: numero progressivo'),
        text('descrizione', 'Riga: descrizione'),
        number('quantita', 'Riga: quantità ordinata'),
        money('prezzoUnitario', 'Riga: prezzo unitario'),
        text('sconto', 'Riga: sconto («8%», o «offerta 15%» quando lo fa l’offerta del cliente)'),
        money('totale', 'Riga: importo netto'),
      ]),
    ],
  },
};

/** The document printed from a record kind, if any (`GET /api/{type}/{id}/document`). */
export function documentForRecordType(recordType: string): DocumentDeclaration | undefined {
  return Object.values(documentDeclarations).find((declaration) => declaration.recordType === recordType);
}

/**
 * Norms printed on documents, as data with their source (never inline in templates' code).
 * The 2025 Stato-Regioni agreement on health and safety training replaced those of 2011/2016.
 */
export const documentNorms = {
  trainingAgreement: {
    text: 'Art. 37 D.Lgs. 81/2008 e Accordo Stato-Regioni del 17 aprile 2025 (Rep. Atti n. 59/CSR) sulla formazione in materia di salute e sicurezza sul lavoro',
    source: 'Conferenza permanente Stato-Regioni, Accordo 17/04/2025, Rep. Atti n. 59/CSR; D.Lgs. 9 aprile 2008 n. 81, art. 37',
  },
  controlRegister: {
    text: 'Registro dei controlli ai sensi dell’art. 6 del D.M. 1 settembre 2021 (controlli, verifiche e manutenzione degli impianti e delle attrezzature antincendio)',
    source: 'Decreto del Ministro dell’Interno 1 settembre 2021, art. 6 (GU n. 230 del 25/09/2021)',
  },
} as const;

/** Units of measure as a printed line shows them. */
export const printedUnits: Record<string, string> = {
  annual: 'anno', daily: 'giorno', each: 'cad.', euro: '€', sixMonthly: 'semestre', quarterly: 'trimestre', halfDay: 'mezza giornata',
  hourly: 'ora', hours: 'ore', kg: 'kg', km: 'km', lt: 'l', minutes: 'min', ml: 'ml', mq: 'm²', perSession: 'sessione', tonnes: 't',
};

/** States of an intervention's activity as a report prints them. */
export const printedActivityStates: Record<string, string> = {
  open: 'Da eseguire', closed: 'Eseguita', 'closed-with-anomalies': 'Eseguita con anomalie', decommissioned: 'Dismessa',
  postponed: 'Rinviata', canceled: 'Annullata', 'activity-substituted': 'Sostituita',
};

/** States of an intervention as a report prints them. */
export const printedAssignmentStates: Record<string, string> = {
  open: 'Da pianificare', scheduled: 'Pianificato', running: 'In corso', paused: 'In pausa', closed: 'Chiuso',
  'closed-with-anomalies': 'Chiuso con anomalie', canceled: 'Annullato', postponed: 'Rinviato',
};

/** Anomaly risks (SPEC §3) as a report prints them. */
export const printedRisks: Record<string, string> = { low: 'Basso', medium: 'Medio', high: 'Alto' };

/** The addresses an intervention report goes to: the customer's `emailsForInterventionReports` (SPEC §3), each once. */
export function interventionReportRecipients(customer: { attributes: Record<string, unknown> } | undefined): string[] {
  const info = customer?.attributes.additionalInformations;
  const emails = info && typeof info === 'object' ? (info as Record<string, unknown>).emailsForInterventionReports : undefined;
  return Array.isArray(emails) ? [...new Set(emails.filter((e): e is string => typeof e === 'string' && e !== ''))] : [];
}
