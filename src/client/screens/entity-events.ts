/**
 * Entities changed outside the screen that shows them (a transition run from the palette, an undo):
 * the screen listens and refreshes its copy, so every path that changes a record ends in one place.
 * Also keeps what the server said about the actions of a record version (`GET …/actions`), so the
 * transition commands can prefer the server's refusal (with the customer's own discount maximum)
 * over the local guard.
 */
import type { EntityJson } from '../../domain/entity.ts';

export type { EntityJson };

type Listener = (type: string, entity: EntityJson) => void;
const listeners = new Set<Listener>();

export function onEntityChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function entityChanged(type: string, entity: EntityJson): void {
  for (const listener of listeners) listener(type, entity);
}

/** One action as `GET /api/{type}/{id}/actions` lists it. */
export interface ServerAction {
  action: string;
  label?: string;
  to?: string;
  allowed?: boolean;
  refusal?: { code: string; message: string } | null;
}

const serverActions = new Map<string, ServerAction[]>();
const factKey = (type: string, id: string, version: unknown) => `${type}/${id}@${String(version)}`;

export function rememberServerActions(type: string, id: string, version: unknown, actions: ServerAction[]): void {
  serverActions.set(factKey(type, id, version), actions);
  // Only the latest versions matter; keep the map small.
  if (serverActions.size > 200) serverActions.delete(serverActions.keys().next().value as string);
}

export function serverActionsFor(type: string, id: string, version: unknown): ServerAction[] | undefined {
  return serverActions.get(factKey(type, id, version));
}
