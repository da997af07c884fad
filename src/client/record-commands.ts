/**
 * The record commands (transitions with the domain's machines on the keys their kinds declare, save,
 * delete, history, create, export, the kinds' custom actions: the kind registry, zod and the schemas
 * come with them) join the registry once, off the first screen's way: when the first screen is ready
 * (first-screen.ts), or at once when something needs them sooner — a screen of records, the palette
 * opening, a key no loaded command answers (shell/keyboard.ts). A key clash among them fails loudly.
 */
import { loadRecordCommands } from '../../commands/registry.ts';
import { lazyModule } from './lazy-component.ts';

// Once its chunk is in, the kinds' own screens (src/client/kinds/<type>.ts) are in the idle list too.
const kindRegistry = lazyModule(() => import('./kinds/index.ts'));

let loading: Promise<void> | undefined;
let loaded = false;

/** Loads and registers the record commands (once; a failed chunk is asked again next time). */
export function ensureRecordCommands(): Promise<void> {
  loading ??= kindRegistry()
    .then(({ transitionKeysOf }) => loadRecordCommands(transitionKeysOf))
    .then(() => {
      loaded = true;
    })
    .catch((error: unknown) => {
      loading = undefined;
      console.error(error);
      throw error;
    });
  return loading;
}

/** Whether the record commands are in the registry. */
export function recordCommandsLoaded(): boolean {
  return loaded;
}
