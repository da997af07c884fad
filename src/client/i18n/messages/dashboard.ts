/** Texts of the dashboards per role (issue 12), loaded with the dashboard. */
const dashboard: Record<string, string> = {
  'screens.dashboard.section.admin': 'Amministrazione',
  'screens.dashboard.section.sales': 'I miei preventivi',
  'screens.dashboard.section.planning': 'Pianificazione',
  'screens.dashboard.section.field': 'Il mio lavoro di oggi',
  'screens.dashboard.section.overview': 'Panoramica',
  'screens.dashboard.about': 'circa {count}',
  'screens.dashboard.moreThan': 'più di {count}',
  'screens.dashboard.aboutTitle': 'Stima: il conteggio esatto si ferma a {limit}',
  'screens.dashboard.onDevice': 'solo sul dispositivo',
  'screens.dashboard.onDeviceTitle': 'Sei offline: il numero conta solo quello che è salvato su questo dispositivo, non tutti i dati dell’ufficio.',
  'screens.dashboard.usersChanged': 'Utenti modificati negli ultimi {days} giorni',
  'screens.dashboard.rolesChanged': 'Ruoli modificati negli ultimi {days} giorni',
  'screens.dashboard.myQuotations': 'Miei preventivi: {state}',
  'screens.dashboard.approvalsWaiting': 'Preventivi in attesa di approvazione',
  'screens.dashboard.approvalsToGive': 'Preventivi da approvare',
  'screens.dashboard.offersExpiring': 'Miei preventivi emessi in scadenza entro {days} giorni',
  'screens.dashboard.deadlinesOverdue': 'Scadenze scadute da pianificare',
  'screens.dashboard.toScheduleThisWeek': 'Interventi da pianificare questa settimana',
  'screens.dashboard.serviceRequestsNew': 'Richieste di intervento dei clienti da confermare',
  'screens.dashboard.myInterventionsToday': 'Miei interventi di oggi',
  'screens.dashboard.tileHint': '{label}: {count}. Invio apre l’elenco',
};

export default dashboard;
