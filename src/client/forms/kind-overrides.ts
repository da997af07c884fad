/** The client's view of a kind's state lock (declared once in `src/domain`, enforced by the API). */
import { findKind } from '../../domain/kinds.ts';
import { frozenByLock } from '../../domain/kind.ts';

/** Whether `path` is frozen by the entity's state (false when the kind has no lock). */
export function frozenByState(type: string, state: string | undefined, path: string): boolean {
  return frozenByLock(findKind(type)?.stateLock, state, path);
}
