/** Italian texts of the screens, grids and forms (keys `screens.*`, `grid.*`, `form.*`). */
export default {
  'screens.transition.group': 'Stato',
  'screens.transition.deleted': 'L’elemento è eliminato',
  'screens.transition.notFromState': 'Non possibile dallo stato «{state}»',
  'screens.transition.notAllowed': 'Il tuo ruolo non lo consente',
  'screens.transition.done': '{action}: ora «{state}»',
  'screens.transition.doneUndo': '{action}: ora «{state}». Puoi annullare con t z',
  'screens.transition.undo': 'Annulla l’ultimo cambio di stato',
  'screens.transition.undone': 'Annullato «{action}»: di nuovo «{state}»',
  'screens.transition.bar': 'Cambi di stato',
  'screens.state': 'Stato',
  'screens.loading': 'Caricamento…',
  'screens.notFound': 'Pagina non trovata',
  'screens.notFound.hint': 'L’indirizzo {url} non corrisponde a nessuna schermata.',
  'screens.maintenance.title': 'Manutenzione in corso',
  'screens.maintenance.text': 'Il servizio tornerà disponibile a breve.',
  'screens.unknownKind': 'Elemento sconosciuto: {type}',
} as Record<string, string>;
