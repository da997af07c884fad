/**
 * The default document templates of the demo (one per document type), written with the
 * placeholders of domain/documents/placeholders.ts and the markup of domain/documents/markup.ts.
 * A unit test renders each over sample data, so they never name an unknown placeholder.
 */
import type { TemplateDocType } from '../../../domain/documents/placeholders.ts';

export const quotationTemplate = `Spett.le {{cliente.ragioneSociale}}
{{cliente.indirizzo}}
{{cliente.cap}} {{cliente.citta}} {{#cliente.provincia}}({{cliente.provincia}}){{/cliente.provincia}}
{{#cliente.partitaIva}}P. IVA {{cliente.partitaIva}}{{/cliente.partitaIva}}

# Preventivo n. {{preventivo.codice}} del {{preventivo.data}}
{{#preventivo.titolo}}
Oggetto: {{preventivo.titolo}}
{{/preventivo.titolo}}

Gentile cliente,
facendo seguito alla Vostra cortese richiesta, Vi sottoponiamo la nostra migliore offerta per quanto in oggetto.

| N. | Descrizione | Q.tà | U.m. | Prezzo unitario | Sconto % | Totale |
|---|---|---|---|---|---|---|
{{#righe}}
| {{numero}} | {{descrizione}} | {{quantita}} | {{unita}} | {{prezzoUnitario}} | {{sconto}} | {{totale}} |
{{/righe}}

> Totale a listino: {{preventivo.totaleListino}}
> Sconto: {{preventivo.totaleSconto}}
> **Totale imponibile: {{preventivo.totaleNetto}} + IVA**

{{#preventivo.note}}
## Note
{{preventivo.note}}

{{/preventivo.note}}
{{#preventivo.scadenza}}Validità dell’offerta: fino al {{preventivo.scadenza}}{{/preventivo.scadenza}}
{{#preventivo.pagamento}}Modalità di pagamento: {{preventivo.pagamento}}{{/preventivo.pagamento}}

Restando a disposizione per ogni chiarimento, porgiamo distinti saluti.

{{commerciale.nome}}
{{intestazione.ragioneSociale}}

Per accettazione (timbro e firma): ______________________`;

export const certificateTemplate = `{{#attestati}}
# Attestato di frequenza e di superamento della verifica di apprendimento

Si attesta che
**{{dipendente.cognome}} {{dipendente.nome}}**
nato/a a {{dipendente.luogoNascita}} il {{dipendente.dataNascita}} – C.F. {{dipendente.codiceFiscale}}
dipendente di {{cliente.ragioneSociale}}

ha frequentato il corso «{{corso.titolo}}» ({{corso.codice}}) della durata di {{corso.ore}} ore, svolto il {{corso.data}}.
Esito della verifica: {{esito}}{{^esito}}______________{{/esito}}
{{#corso.validita}}Validità: {{corso.validita}}{{/corso.validita}}

{{riferimentiNormativi}}

Il docente: ______________________          Il responsabile del progetto formativo: ______________________

---
{{/attestati}}
{{^attestati}}
Il piano formativo {{piano.titolo}} ({{piano.anno}}) non ha ancora partecipanti.
{{/attestati}}`;

export const interventionReportTemplate = `# Rapporto di intervento {{intervento.codice}}
Cliente: **{{cliente.ragioneSociale}}** – {{cliente.indirizzo}} {{cliente.citta}}
Dal {{intervento.inizio}} al {{intervento.fine}} – Stato: {{intervento.stato}}
{{#intervento.titolo}}Oggetto: {{intervento.titolo}}{{/intervento.titolo}}
{{#intervento.destinatari}}Rapporto inviato a: {{intervento.destinatari}}{{/intervento.destinatari}}

{{intervento.descrizione}}

| Attività | Attrezzatura | Matricola | Data | Stato | Esito e note |
|---|---|---|---|---|---|
{{#attivita}}
| {{nome}} | {{attrezzatura}} | {{matricola}} | {{data}} | {{stato}} | {{esito}} |
{{/attivita}}

## Controlli eseguiti
| Attrezzatura | Controllo | Esito | Note |
|---|---|---|---|
{{#verifiche}}
| {{attrezzatura}} | {{controllo}} | {{esito}} | {{note}} |
{{/verifiche}}
{{^verifiche}}
Nessun controllo registrato.
{{/verifiche}}

## Tecnici e qualifiche (D.M. 1 settembre 2021)
| Tecnico | Ruolo | Qualificato per | Ente certificatore | Certificato | Scadenza |
|---|---|---|---|---|---|
{{#tecnici}}
| {{nome}} | {{ruolo}} | {{qualifica}} | {{ente}} | {{certificato}} | {{validaFino}} |
{{/tecnici}}
{{^tecnici}}
Nessun tecnico assegnato.
{{/tecnici}}

## Anomalie rilevate
| Attrezzatura | Rischio | Descrizione | Stato | Data |
|---|---|---|---|---|
{{#anomalie}}
| {{attrezzatura}} | {{rischio}} | {{descrizione}} | {{stato}} | {{data}} |
{{/anomalie}}
{{^anomalie}}
Nessuna anomalia rilevata.
{{/anomalie}}

{{#intervento.note}}
## Note
{{intervento.note}}
{{/intervento.note}}

Data {{documento.data}}
Il tecnico: ______________________          Il cliente: ______________________`;

export const controlRegisterTemplate = `# Registro dei controlli
**{{cliente.ragioneSociale}}** – {{cliente.indirizzo}} {{cliente.cap}} {{cliente.citta}}
{{#registro.sede}}Sede: **{{registro.sede}}**{{/registro.sede}}
{{registro.riferimentoNormativo}}

## Attrezzature
| Attrezzatura | Tipo | Matricola | Posizione | Dati aggiuntivi |
|---|---|---|---|---|
{{#attrezzature}}
| {{attrezzatura}} | {{tipo}} | {{matricola}} | {{posizione}} | {{datiAggiuntivi}} |
{{/attrezzature}}
{{^attrezzature}}
Nessuna attrezzatura antincendio registrata.
{{/attrezzature}}

## Controlli
| Attrezzatura | Tipo | Data | Controllo | Esito | Note | Tecnico |
|---|---|---|---|---|---|---|
{{#controlli}}
| {{attrezzatura}} | {{tipo}} | {{data}} | {{controllo}} | {{esito}} | {{note}} | {{tecnico}} |
{{/controlli}}

## Anomalie
| Attrezzatura | Rilevata il | Rischio | Descrizione | Stato | Risolta il | Risolta da | Risoluzione | Prove |
|---|---|---|---|---|---|---|---|---|
{{#anomalie}}
| {{attrezzatura}} | {{rilevata}} | {{rischio}} | {{descrizione}} | {{stato}} | {{risoltaIl}} | {{risoltaDa}} | {{risoluzione}} | {{prove}} |
{{/anomalie}}
{{^anomalie}}
Nessuna anomalia registrata.
{{/anomalie}}

## Interventi eseguiti
| Intervento | Data | Descrizione | Esito | Tecnico |
|---|---|---|---|---|
{{#interventi}}
| {{codice}} | {{data}} | {{descrizione}} | {{esito}} | {{tecnico}} |
{{/interventi}}
{{^interventi}}
Nessun intervento eseguito.
{{/interventi}}

## Tecnici e qualifiche (D.M. 1 settembre 2021)
| Tecnico | Qualifiche registrate |
|---|---|
{{#tecnici}}
| {{nome}} | {{qualifiche}} |
{{/tecnici}}
{{^tecnici}}
Nessun tecnico indicato nei controlli e negli interventi.
{{/tecnici}}

Stampato il {{documento.data}}`;

export const orderConfirmationTemplate = `Spett.le {{cliente.ragioneSociale}}
{{cliente.indirizzo}}
{{cliente.cap}} {{cliente.citta}} {{#cliente.provincia}}({{cliente.provincia}}){{/cliente.provincia}}
{{#cliente.partitaIva}}P. IVA {{cliente.partitaIva}}{{/cliente.partitaIva}}

# Conferma d’ordine n. {{ordine.numero}} del {{ordine.data}}
{{#preventivo.codice}}
Riferimento: preventivo n. {{preventivo.codice}}{{#preventivo.data}} del {{preventivo.data}}{{/preventivo.data}}{{#preventivo.titolo}} – {{preventivo.titolo}}{{/preventivo.titolo}}
{{/preventivo.codice}}
{{#ordine.sede}}Sede: {{ordine.sede}}{{/ordine.sede}}
{{#ordine.inizioLavori}}Inizio dei lavori: {{ordine.inizioLavori}}{{/ordine.inizioLavori}}
{{#ordine.fineLavori}}Fine dei lavori: {{ordine.fineLavori}}{{/ordine.fineLavori}}
Stato dell’ordine: {{ordine.stato}}

Vi confermiamo di aver ricevuto il Vostro ordine, che eseguiremo alle condizioni seguenti.

| N. | Descrizione | Q.tà | Prezzo unitario | Sconto % | Importo netto |
|---|---|---|---|---|---|
{{#righe}}
| {{numero}} | {{descrizione}} | {{quantita}} | {{prezzoUnitario}} | {{sconto}} | {{totale}} |
{{/righe}}
{{^righe}}
L’ordine non ha righe.
{{/righe}}

> Totale a listino: {{ordine.totaleListino}}
> Sconto: {{ordine.totaleSconto}} ({{ordine.totaleScontoPercentuale}} %)
> **Totale imponibile: {{ordine.totaleNetto}} + IVA**

Distinti saluti.

{{intestazione.ragioneSociale}}

Stampato il {{documento.data}}`;

export const defaultTemplates: { type: TemplateDocType; name: string; body: string }[] = [
  { type: 'quotation', name: 'Preventivo standard', body: quotationTemplate },
  { type: 'courseCertificate', name: 'Attestato di formazione', body: certificateTemplate },
  { type: 'interventionReport', name: 'Rapporto di intervento', body: interventionReportTemplate },
  { type: 'controlRegister', name: 'Registro dei controlli (DM 1/9/2021)', body: controlRegisterTemplate },
  { type: 'orderConfirmation', name: 'Conferma d’ordine', body: orderConfirmationTemplate },
];
