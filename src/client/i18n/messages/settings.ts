/** Texts of the signed-in user's own settings screen (`/userSettings`), added by `addMessages` when it loads. */
const settings: Record<string, string> = {
  'settings.title': 'Impostazioni utente',
  'settings.intro': 'Le tue preferenze, salvate con il tuo utente: valgono su ogni computer da cui accedi.',
  'settings.profile': 'Profilo',
  'settings.profile.name': 'Nome',
  'settings.profile.email': 'E-mail',
  'settings.profile.roles': 'Ruoli',
  'settings.profile.modules': 'Moduli',
  'settings.profile.none': 'nessuno',
  'settings.theme': 'Tema',
  'settings.theme.system': 'Come il sistema',
  'settings.theme.light': 'Chiaro',
  'settings.theme.dark': 'Scuro',
  'settings.layout': 'Area di lavoro',
  'settings.sidebarEnlarged': 'Barra laterale espansa',
  'settings.filters': 'Mostra i filtri delle griglie',
  'settings.columns': 'Colonne delle griglie',
  'settings.columns.none': 'Nessuna griglia ha colonne personalizzate.',
  'settings.columns.count': '{count, plural, one {# colonna} other {# colonne}}',
  'settings.columns.reset': 'Ripristina le colonne predefinite di {grid}',
  'settings.columns.resetAll': 'Ripristina tutte le colonne predefinite',
  'settings.views': 'Viste salvate',
  'settings.views.none': 'Non hai viste salvate: salvale da una griglia (comando «Salva vista»).',
  'settings.views.shared': 'condivisa',
};

export default settings;
