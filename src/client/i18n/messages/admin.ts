/** Texts of the administration screens and forms (loaded with them, added by `addMessages`). */
const admin: Record<string, string> = {
  'admin.resetPassword.intro': 'Imposta la password di accesso di {name}. Lascia vuoto per generarne una temporanea, che verrà mostrata una sola volta.',
  'admin.resetPassword.password': 'Nuova password (facoltativa)',
  'admin.resetPassword.mustChange': 'Obbliga a cambiarla al prossimo accesso',
  'admin.resetPassword.rules': 'Almeno {min} caratteri, senza il nome utente.',
};

export default admin;
