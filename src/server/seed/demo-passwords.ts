/**
 * Passwords of the demo users for the embedded sign-in: set when the demo data is loaded, and on
 * start for demo users that have none yet (a database seeded before sign-in existed). A password
 * someone changed is left alone, and the banner says so.
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';
import { AccountRepository } from '../oidc/accounts.ts';
import { hashPassword, verifyPassword } from '../oidc/passwords.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './generators/demo-users.ts';

/** Gives the demo users the demo password: all of them (`overwrite`), or those without one. Returns how many changed. */
export async function setDemoPasswords(db: Kysely<DatabaseSchema>, options: { overwrite: boolean }): Promise<number> {
  const accounts = new AccountRepository(db);
  const states = await accounts.passwordStates(DEMO_USERS.map((u) => u.email));
  let changed = 0;
  for (const demo of DEMO_USERS) {
    const state = states.get(demo.email.toLowerCase());
    if (!state || (state.passwordHash && !options.overwrite)) continue;
    await accounts.setPasswordHash(state.id, await hashPassword(DEMO_PASSWORD));
    changed++;
  }
  return changed;
}

export interface DemoUserLine {
  email: string;
  /** The demo password, or a note when it no longer applies. */
  password: string;
  role: string;
  description: string;
}

/** The demo users as the start-up banner and the README list them. */
export async function demoUserLines(db: Kysely<DatabaseSchema>): Promise<DemoUserLine[]> {
  const states = await new AccountRepository(db).passwordStates(DEMO_USERS.map((u) => u.email));
  const lines: DemoUserLine[] = [];
  for (const demo of DEMO_USERS) {
    const state = states.get(demo.email.toLowerCase());
    if (!state) continue;
    const password = !state.passwordHash ? '(nessuna)' : (await verifyPassword(DEMO_PASSWORD, state.passwordHash)) ? DEMO_PASSWORD : '(cambiata)';
    lines.push({ email: demo.email, password, role: demo.roleName, description: demo.description });
  }
  return lines;
}

/** A fixed-width table for the console. */
export function formatDemoUsers(lines: readonly DemoUserLine[]): string {
  const header = { email: 'E-mail', password: 'Password', role: 'Ruolo' };
  const rows = [header, ...lines];
  const width = (key: 'email' | 'password' | 'role') => Math.max(...rows.map((r) => r[key].length));
  const [we, wp] = [width('email'), width('password')];
  return rows.map((r) => `  ${r.email.padEnd(we)}  ${r.password.padEnd(wp)}  ${r.role}`).join('\n');
}
