/**
 * Gone: changed records now reach every screen through the records provider's cache invalidation
 * and the live change stream (`src/client/data/`), and the server's view of a record's actions
 * travels in the tab's published document (`ActiveDocument.serverActions`). Only the type remains
 * for `grid/data-grid.tsx`, which should import it from `src/domain/entity.ts`; then delete this file.
 */
export type { EntityJson } from '../../domain/entity.ts';
