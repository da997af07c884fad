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
};

export default messages;
