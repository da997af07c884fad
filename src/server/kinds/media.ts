/**
 * Server hooks of media rows: a customer's folder tree (SPEC §3 node kinds media and folder, §5
 * "È già presente una cartella con questo nome"). A node's parent is a folder of the same customer,
 * a folder never goes inside itself, and two folders side by side never share a name.
 */
import { defineKindHooks, type HookContext } from '../resources/hooks.ts';
import type { Entity, EntityData } from '../../domain/entity.ts';
import { Problem } from '../http/problems.ts';
import { FOLDER_EXISTS_MESSAGE, media, OWNER_NOT_ALLOWED_MESSAGE, OWNER_TYPES_WITHOUT_FILES, sameFolderName, serverFactIssues } from '../../domain/entities/media.ts';
import { attachedOwnerOf } from '../../domain/kind.ts';
import { findKind } from '../../domain/kinds.ts';
import { isRecordingFacts } from '../media/server-facts.ts';

const parentOf = (data: Pick<EntityData, 'attributes'>) => (typeof data.attributes.parentId === 'string' ? data.attributes.parentId : null);
const invalidParent = (message: string) =>
  new Problem('VALIDATION_FAILED', { errors: [{ pointer: '/attributes/parentId', code: 'invalidParent', message }] });

/**
 * A file attached to a record is that record's customer's file (none for a record without one): it
 * is written by whoever may update the record (`attachedTo`), so it cannot be put in another
 * customer's tree by naming that customer.
 */
async function withOwnersCustomer(hook: HookContext, data: EntityData): Promise<EntityData> {
  const owner = attachedOwnerOf(media, data);
  if (!owner || !findKind(owner.type)) return data;
  const record = await hook.repository(owner.type).findById(owner.id);
  const customerId = owner.type === 'customers' ? owner.id : typeof record?.relationships.customerId === 'string' ? record.relationships.customerId : null;
  return { ...data, relationships: { ...data.relationships, customerId } };
}

/**
 * What a write may not do to a media row, whoever writes: attach it to a record every user keeps for
 * themselves (a saved view, user settings: no files there), or, unless it is the server recording
 * them, set or change the facts of its bytes (size, store, `meta`: `serverFactIssues`).
 */
function refusedWrite(hook: HookContext, data: EntityData, previous: Entity | undefined): void {
  const errors: { pointer: string; code: string; message: string }[] = [];
  const owner = attachedOwnerOf(media, data);
  const ownerBefore = previous ? attachedOwnerOf(media, previous) : null;
  const newOwner = owner !== null && (owner.type !== ownerBefore?.type || owner.id !== ownerBefore.id);
  if (newOwner && OWNER_TYPES_WITHOUT_FILES.has(owner.type)) {
    errors.push({ pointer: `/${media.attachedTo!.typePath.replace(/\./g, '/')}`, code: 'ownerNotAllowed', message: OWNER_NOT_ALLOWED_MESSAGE });
  }
  if (!isRecordingFacts(hook.call)) {
    for (const issue of serverFactIssues(data, previous)) errors.push({ pointer: `/${issue.path.map(String).join('/')}`, code: issue.code, message: issue.message });
  }
  if (errors.length > 0) throw new Problem('VALIDATION_FAILED', { errors });
}

export const mediaKind = defineKindHooks('media', {
  async beforeWrite(hook, written, previous, id) {
    refusedWrite(hook, written, previous);
    const data = await withOwnersCustomer(hook, written);
    const customerId = typeof data.relationships.customerId === 'string' ? data.relationships.customerId : null;
    const parentId = parentOf(data);
    const repository = hook.repository('media');
    if (parentId) {
      const parent = await repository.findById(parentId);
      if (!parent || parent.metadata.isDeleted || parent.attributes.nodeKind !== 'folder') throw invalidParent('La destinazione deve essere una cartella');
      if ((parent.relationships.customerId ?? null) !== customerId) throw invalidParent('La cartella appartiene a un altro cliente');
      // A folder cannot go into itself or into one of its own folders.
      for (let at: string | null = parentId, depth = 0; at && depth < 100; depth++) {
        if (at === id) throw invalidParent('Una cartella non può essere spostata dentro sé stessa');
        const node: Pick<EntityData, 'attributes'> | undefined = at === parentId ? parent : await repository.findById(at);
        at = node ? parentOf(node) : null;
      }
    }
    if (data.attributes.nodeKind !== 'folder' || !customerId) return data;
    const name = String(data.attributes.name ?? '');
    const siblings = await repository.listByRelationship('customerId', customerId);
    const clash = siblings.find((other) => other.id !== id && other.attributes.nodeKind === 'folder' && parentOf(other) === parentId && sameFolderName(String(other.attributes.name ?? ''), name));
    if (clash) {
      throw new Problem('FOLDER_ALREADY_EXISTS', { extensions: { existingId: clash.id }, errors: [{ pointer: '/attributes/name', code: 'FOLDER_ALREADY_EXISTS', message: FOLDER_EXISTS_MESSAGE }] });
    }
    return data;
  },
});
