/** Texts of the offline readiness of an intervention (issue 25, priming), loaded with its badge. */
const offlinePrime: Record<string, string> = {
  'offlinePrime.ready': 'Pronto offline',
  'offlinePrime.readyTitle': 'Preparato per il lavoro senza rete il {at}',
  'offlinePrime.notReady': 'Non pronto offline: mancano {missing}',
  'offlinePrime.notReadyTitle': 'Ultima preparazione per il lavoro senza rete: {at}',
  'offlinePrime.missing.notPrimed': 'i dati dell’intervento (non è fra gli interventi preparati su questo dispositivo)',
  'offlinePrime.missing.overBudget': 'i dati dell’intervento (oltre lo spazio riservato sul dispositivo)',
  'offlinePrime.missing.kind': '{kind} (non consultabili con il tuo ruolo)',
  'offlinePrime.missing.thumbnails': '{count, plural, one {# anteprima di foto} other {# anteprime di foto}}',
  'offlinePrime.missing.thumbnailsOverBudget': '{count, plural, one {# anteprima di foto lasciata fuori per lo spazio} other {# anteprime di foto lasciate fuori per lo spazio}}',
};

export default offlinePrime;
