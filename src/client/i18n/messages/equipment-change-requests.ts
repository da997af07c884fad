/** Texts of equipment change requests (issue 25): a technician's proposed correction of the data that drives legal deadlines, and the office's decision. */
export default {
  'form.field.proposed': 'Valori proposti',
  'form.field.base': 'Valori visti alla proposta',
  'form.field.equipmentVersion': 'Versione dell’attrezzatura vista',
  'form.field.requestedDateTime': 'Proposta il',
  'form.field.requestedById': 'Proposta da',
  'form.field.agent': 'Agente estinguente',
  'form.enum.pending': 'In attesa',
  'form.enum.rejected': 'Respinta',
  // The new request (src/client/kinds/equipment-change-request-forms.tsx).
  'changeRequests.new.hint': 'Data di produzione, data di installazione, matricola e agente estinguente determinano le scadenze di legge: non si modificano sull’attrezzatura, si propone la correzione all’ufficio. Indica solo i valori da correggere.',
  // How to send it: the keys on a keyboard, the button on a touch screen.
  'changeRequests.new.saveKeys': 'Poi salva con Ctrl+S.',
  'changeRequests.new.saveTouch': 'Poi tocca «Salva».',
  'changeRequests.new.equipmentMissing': 'Apri la richiesta dalla pagina dell’attrezzatura da correggere.',
  // The values side by side.
  'changeRequests.values.title': 'Dati che determinano le scadenze',
  'changeRequests.values.field': 'Campo',
  'changeRequests.values.base': 'Visto alla proposta',
  'changeRequests.values.proposed': 'Proposto',
  'changeRequests.values.current': 'Attuale',
  'changeRequests.values.changed': 'cambiato dopo la proposta',
  'changeRequests.values.notProposed': 'non proposto',
  'changeRequests.values.empty': '—',
  'changeRequests.values.loading': 'Caricamento dell’attrezzatura…',
  'changeRequests.values.unreadable': 'Attrezzatura non leggibile: {reason}',
} as Record<string, string>;
