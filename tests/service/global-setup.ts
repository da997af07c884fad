/**
 * The engines the service tests run on, decided once per run as for the API tier: embedded PGlite
 * always, and the PostgreSQL server at TEST_DATABASE_URL when one answers (each test file then works
 * in a schema of its own). No server: the PostgreSQL half is skipped, and the run says so.
 */
import { engineSetup } from '../api/global-setup.ts';

export default engineSetup('Service tests');
