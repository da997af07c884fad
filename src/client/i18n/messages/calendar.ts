/** The private calendar feed (issue 26 §8): visits and deadlines in the user's own calendar app. */
export default {
  'calendarFeed.title': 'Calendario privato',
  'calendarFeed.hintCustomer': 'Aggiungi le visite pianificate e le scadenze dei prossimi 12 mesi al tuo calendario (Outlook, Google, Apple): si aggiorna da solo.',
  'calendarFeed.hintStaff': 'Aggiungi i tuoi interventi al tuo calendario (Outlook, Google, Apple): si aggiorna da solo.',
  'calendarFeed.loading': 'Caricamento del calendario…',
  'calendarFeed.off': 'Il calendario privato non è attivo.',
  'calendarFeed.on': 'Attivo dal {date}. L’indirizzo si vede solo quando viene creato: se lo hai perso, generane uno nuovo.',
  'calendarFeed.create': 'Crea l’indirizzo del calendario',
  'calendarFeed.renew': 'Genera un nuovo indirizzo',
  'calendarFeed.disable': 'Disattiva',
  'calendarFeed.address': 'Indirizzo del calendario (iCalendar)',
  'calendarFeed.addressHint': 'Copialo ora e incollalo nel tuo calendario come «calendario da Internet»: chi ha l’indirizzo vede il calendario, non condividerlo. Un nuovo indirizzo disattiva il precedente.',
  'calendarFeed.copy': 'Copia',
  'calendarFeed.copied': 'Indirizzo copiato',
  'calendarFeed.created': 'Nuovo indirizzo del calendario creato: il precedente non funziona più',
  'calendarFeed.disabled': 'Calendario privato disattivato',
  'calendarFeed.failed': 'Operazione non riuscita: {reason}',
};
