/** Italian texts of the per-kind modules: a record's other pages and saved views (`kinds.*`). */
const messages: Record<string, string> = {
  'kinds.links': 'Pagine collegate',
  'kinds.palette.recordPages': 'Pagine del record aperto',

  'kinds.views.group': 'Viste salvate',
  'kinds.views.save': 'Salva vista',
  'kinds.views.open': 'Vista: {name}',
  'kinds.views.edit': 'Modifica la vista: {name}',
  'kinds.views.shared': 'condivisa con te',
  'kinds.views.notGrid': 'Apri prima un elenco: si salva la vista di una griglia',
  'kinds.views.dialog.title': 'Salva la vista',
  'kinds.views.dialog.hint': 'Filtri, ordinamento, colonne e ricerca dell’elenco aperto, con il suo indirizzo: {url}',
  'kinds.views.dialog.name': 'Nome della vista',
  'kinds.views.dialog.share': 'Condividi con i ruoli',
  'kinds.views.dialog.noRoles': 'Nessun ruolo con cui condividerla',
  'kinds.views.dialog.confirm': 'Salva',
  'kinds.views.dialog.cancel': 'Annulla',
  'kinds.views.dialog.saving': 'Salvataggio…',
  'kinds.views.saved': 'Vista «{name}» salvata',
  'kinds.views.nameRequired': 'Obbligatorio',
  'equipments.nextDeadline.none': 'Nessuna scadenza aperta',
  'suppliers.products': 'Prodotti forniti',
  // Palette sections of the kinds searched by record (workspace.palette.kind.* of the others is in workspace.ts).
  'workspace.palette.kind.priceLists': 'Listino',
  'workspace.palette.kind.courseEditions': 'Edizione di corso',
  // Role terms of kinds and actions added after the role screen's catalogue (roles.ts): read by the grants table.
  'roles.verb.recordChecks': 'registrare le verifiche ed eseguire l’intervento',
  'forms.rule.action.recordChecks': 'Registra le verifiche ed esegue l’intervento',
  'roles.verb.workOn': 'eseguire l’intervento (avviarlo, sospenderlo, chiuderlo)',
  'forms.rule.action.workOn': 'Esegue l’intervento (avvio, pausa, chiusura)',
  'roles.subject.impersonation audit': 'registro delle impersonificazioni',
  'roles.subject.import': 'importazioni da foglio di calcolo',
  'roles.subject.technician qualification': 'qualifiche dei tecnici',
  'roles.subject.health surveillance visit': 'visite di sorveglianza sanitaria',
  // Issue 26 §4: the customers' proofs that they fixed an anomaly, and the office's decision on them.
  'roles.subject.rectification': 'risoluzioni segnalate dai clienti',
  'roles.subject.equipment change request': 'richieste di modifica delle attrezzature',
  // Issue 26 §6: the customers' requests to enrol an employee in a course edition.
  'roles.subject.enrolment request': 'richieste di iscrizione ai corsi',
  'roles.verb.decide': 'accettare o rifiutare',
  'forms.rule.action.decide': 'Accetta o rifiuta (risoluzioni dei clienti)',
  'roles.subject.mail message': 'posta in uscita',
  // A grid's name where the user settings list the grids whose columns were chosen.
  'kinds.grid.embedded': '{kind} (elenco in una scheda)',
};

export default messages;
