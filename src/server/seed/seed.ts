/**
 * The demo data set: a deterministic, realistic Italian back-office (SEED_SCALE / --scale
 * multiplies the bulk kinds). Steps run in dependency order and print one progress line each.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/database.ts';
import { SeedContext, type SeedOptions } from './seed-context.ts';
import { seedSteps } from './generators/index.ts';
import { kindList } from '../../domain/kinds.ts';
import { tableName } from '../db/entity-sql.ts';
import { storeCustomerFigures } from '../db/migrations/0015-customer-figures.ts';
import { SEED_KEY } from './seeded.ts';

export { isSeeded } from './seeded.ts';

export async function seedDemoData(db: Kysely<DatabaseSchema>, options: SeedOptions): Promise<SeedContext> {
  const ctx = new SeedContext(db, options);
  const started = Date.now();
  for (const step of seedSteps) {
    const stepStarted = Date.now();
    const counts = await step.run(ctx);
    const summary = Object.entries(counts).map(([type, n]) => `${n.toLocaleString('it-IT')} ${type}`).join(', ');
    options.log(`${step.label}: ${summary} (${((Date.now() - stepStarted) / 1000).toFixed(1)} s)`);
  }
  // The seed writes rows through repositories, not the service: the customers' figures are stored
  // once here (as migration 0015 does for older databases), on the day the demo is built around.
  await storeCustomerFigures(db, ctx.referenceDay);
  const value = JSON.stringify({ scale: options.scale, referenceDay: ctx.referenceDay, seconds: (Date.now() - started) / 1000 });
  await sql`INSERT INTO app_state (key, value) VALUES (${SEED_KEY}, ${value}::jsonb)
    ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_date_time = now()`.execute(db);
  // Statistics for the planner, and the visibility map that lets sorted lists scan their indexes only.
  await sql`VACUUM ANALYZE ${sql.raw(kindList.map(tableName).join(', '))}`.execute(db);
  return ctx;
}
