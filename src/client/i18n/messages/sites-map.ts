/** Texts of the map of a customer's sites on its overview (issue 23), loaded with the customer page. */
const sitesMap: Record<string, string> = {
  'sitesMap.title': 'Mappa delle sedi',
  'sitesMap.region': 'Mappa delle sedi: {count, plural, one {# sede} other {# sedi}} con coordinate, ciascuna un collegamento; la tabella che segue le elenca',
  'sitesMap.loading': 'Caricamento della mappa…',
  'sitesMap.failed': 'La mappa non è disponibile: le sedi sono elencate qui sotto.',
  'sitesMap.noTiles': 'Mappa senza sfondo cartografico: sono segnate solo le posizioni delle sedi.',
  'sitesMap.zoomIn': 'Ingrandisci la mappa',
  'sitesMap.zoomOut': 'Riduci la mappa',
  'sitesMap.table': 'Sedi sulla mappa',
  'sitesMap.column.name': 'Sede',
  'sitesMap.column.address': 'Indirizzo',
  'sitesMap.column.latitude': 'Latitudine',
  'sitesMap.column.longitude': 'Longitudine',
  'sitesMap.unplaced': 'Sedi senza coordinate:',
};

export default sitesMap;
