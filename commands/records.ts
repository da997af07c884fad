/**
 * The commands of the open record (DESIGN §4 "Records beyond CRUD", §6.11): save, discard, delete
 * (with undo), archive, restore, history, and one command per custom action the domain declares on
 * a kind (`KindDefinition.actions`: quotations `duplicate`, orders `deliver`, and those added later).
 * They act on `ctx.activeDocument` (the entity the focused tab shows and its form's `record` handle)
 * through `ctx.records`, so the palette, the keys and the form's buttons run the same code.
 *
 * Keys: `$mod+s` saves; the rest are `r <key>` (r = record) in the tab scope, custom actions with the
 * key their declaration gives. A disabled command says why: deleted record, state, role, no changes.
 */
import type { Availability, Command, CommandContext } from './types.ts';
import { offerUndo, undoKeysText } from './undo.ts';
import { asSubject } from '../src/domain/ability.ts';
import type { EntityJson } from '../src/domain/entity.ts';
import { readPath, type KindDefinition, type RecordActionDefinition } from '../src/domain/kind.ts';
import { findKind, kindList } from '../src/domain/kinds.ts';
import { machineStateLabels } from '../src/domain/machines/index.ts';
import { deleteRefusal } from '../src/domain/record-lock.ts';
import { entityUrl, recordTabUrl } from '../src/domain/routes.ts';
import { attachCommand } from './files.ts';
import { importRegisterCommand } from './import.ts';

const group = { id: 'commands.group.record' };

/** The `r …` keys of the generic record commands (custom actions add `r <their key>`). */
export const recordKeys = {
  save: '$mod+s',
  discard: 'r u',
  delete: 'r e',
  archive: 'r a',
  restore: 'r p',
  history: 'r h',
} as const;

interface OpenRecord {
  type: string;
  kind: KindDefinition;
  entity: EntityJson;
}

/** The record the focused tab shows, stored (not a `/new` form), with its kind. */
export function openRecord(ctx: CommandContext): OpenRecord | undefined {
  const doc = ctx.activeDocument;
  if (!doc?.entity || doc.record?.creating) return undefined;
  const kind = findKind(doc.type);
  if (!kind) return undefined;
  return { type: doc.type, kind, entity: doc.entity };
}

/** The record's own title for messages (`PRV-2026-00002`), else the kind's name. */
export function recordTitle(kind: KindDefinition, entity: EntityJson): string {
  return kind.title(entity) || kind.label.singular;
}

const isDeleted = (entity: EntityJson) => entity.metadata.isDeleted === true;
const isArchived = (entity: EntityJson) => entity.metadata.isArchived === true;

/** Whether the role may do `action` on this very record (CASL conditions see its fields). */
function may(ctx: CommandContext, action: string, open: OpenRecord): boolean {
  return ctx.ability.can(action, asSubject(open.kind.subject, { ...open.entity } as unknown as Record<string, unknown>));
}

const reason = (ctx: CommandContext, id: string, values?: Record<string, string>): Availability => ({ disabled: ctx.ui.t(id, values) });

/**
 * Whether the role may ever do `action` on the kind (some record of it): what it may never do is not
 * offered at all (a customer user is shown no staff button greyed out), what it may do elsewhere says why not here.
 */
function mayEver(ctx: CommandContext, action: string, open: OpenRecord): boolean {
  return ctx.ability.can(action, open.kind.subject);
}

/** Common refusals of a write on a stored record: deleted, then the role. */
function writable(ctx: CommandContext, open: OpenRecord, ability: string): Availability {
  if (isDeleted(open.entity)) return reason(ctx, 'commands.reason.deleted');
  if (!mayEver(ctx, ability, open)) return false;
  if (!may(ctx, ability, open)) return reason(ctx, 'commands.reason.notAllowed');
  return true;
}

const done = (ctx: CommandContext, id: string, values?: Record<string, string>) => ctx.ui.notify(ctx.ui.t(id, values), 'success');

/** Runs a write; a refusal is shown (SPEC §8 text) instead of thrown. Answers whether it went through. */
async function attempt(ctx: CommandContext, write: () => Promise<unknown>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (error) {
    ctx.ui.showError(error);
    return false;
  }
}

const saveCommand: Command = {
  id: 'record.save',
  title: { id: 'commands.record.save' },
  group,
  keys: [recordKeys.save],
  scope: 'tab',
  when: (ctx) => {
    const doc = ctx.activeDocument;
    if (!doc?.record) return false;
    if (doc.record.creating) return true;
    const open = openRecord(ctx);
    if (!open) return false;
    const refusal = writable(ctx, open, 'update');
    if (refusal !== true) return refusal;
    return doc.record.dirty ? true : reason(ctx, 'commands.reason.noChanges');
  },
  run: (ctx) => ctx.activeDocument?.record?.save(),
};

const discardCommand: Command = {
  id: 'record.discard',
  title: { id: 'commands.record.discard' },
  group,
  keys: [recordKeys.discard],
  scope: 'tab',
  when: (ctx) => {
    const record = ctx.activeDocument?.record;
    if (!record) return false;
    // A record its reader may never change has nothing to discard: not offered (no greyed-out button).
    const open = openRecord(ctx);
    if (open && !mayEver(ctx, 'update', open)) return false;
    return record.dirty ? true : reason(ctx, 'commands.reason.noChanges');
  },
  run: (ctx) => ctx.activeDocument?.record?.discard(),
};

const deleteCommand: Command = {
  id: 'record.delete',
  title: { id: 'commands.record.delete' },
  group,
  keys: [recordKeys.delete],
  scope: 'tab',
  keywords: ['elimina', 'cancella', 'rimuovi'],
  when: (ctx) => {
    const open = openRecord(ctx);
    if (!open) return false;
    if (isDeleted(open.entity)) return reason(ctx, 'commands.reason.alreadyDeleted');
    if (!mayEver(ctx, 'delete', open)) return false;
    if (!may(ctx, 'delete', open)) return reason(ctx, 'commands.reason.notAllowed');
    // The state's refusal, before the confirmation rather than after it (the API's own words).
    const refusal = deleteRefusal(open.kind, open.entity);
    return refusal ? { disabled: refusal } : true;
  },
  run: async (ctx) => {
    const open = openRecord(ctx);
    if (!open) return;
    const title = recordTitle(open.kind, open.entity);
    if (!(await ctx.ui.confirmDelete(title))) return;
    let deleted: EntityJson | undefined;
    const removed = await attempt(ctx, async () => {
      deleted = await ctx.records.remove(open.type, open.entity, { silent: true });
    });
    if (!removed || !deleted) return;
    const stored = deleted;
    // The soft delete is restored by the server's `undelete` while the offer lasts.
    offerUndo(ctx, {
      label: ctx.ui.t('commands.record.deletedLabel', { title }),
      type: open.type,
      id: stored.id,
      run: async () => {
        await ctx.records.runAction(open.type, stored, 'undelete', undefined, { silent: true });
        done(ctx, 'commands.record.undeleted', { title });
      },
    });
    done(ctx, 'commands.record.deleted', { title, keys: undoKeysText() });
  },
};

function archiveCommand(action: 'archive' | 'restore'): Command {
  return {
    id: `record.${action}`,
    title: { id: `commands.record.${action}` },
    group,
    keys: [recordKeys[action]],
    scope: 'tab',
    when: (ctx) => {
      const open = openRecord(ctx);
      if (!open?.kind.archivable) return false;
      // One of the two at a time: archive an active record, restore an archived one.
      if (isArchived(open.entity) !== (action === 'restore')) return false;
      return writable(ctx, open, 'update');
    },
    run: async (ctx) => {
      const open = openRecord(ctx);
      if (!open) return;
      if (await attempt(ctx, () => ctx.records.runAction(open.type, open.entity, action, undefined, { silent: true }))) {
        done(ctx, `commands.record.${action}d`, { title: recordTitle(open.kind, open.entity) });
      }
    },
  };
}

const historyCommand: Command = {
  id: 'record.history',
  title: { id: 'commands.record.history' },
  group,
  keys: [recordKeys.history],
  scope: 'tab',
  keywords: ['cronologia', 'storico', 'modifiche', 'history'],
  when: (ctx) => Boolean(ctx.activeDocument?.record && openRecord(ctx)),
  run: (ctx) => ctx.activeDocument?.record?.toggleHistory(),
};

/**
 * Problems the server answers with a question for the user (SPEC §5 delivery beyond the ordered
 * quantity): on yes the same body is sent again with `resend` merged in.
 */
export const confirmableProblems: Readonly<Record<string, { question: string; confirm: string; resend: Record<string, unknown> }>> = {
  DELIVERY_EXCEEDS_ORDERED: { question: 'commands.action.exceedsQuestion', confirm: 'commands.action.exceedsConfirm', resend: { confirmExcess: true } },
};

/** The `code` of a problem (`ApiProblem` and any error that carries one). */
export function problemCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = (error as { code: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether the open record's kind declares `name`, and whether it may run now (and why not). */
export function actionAvailability(ctx: CommandContext, name: string): Availability {
  const open = openRecord(ctx);
  const definition = open?.kind.actions?.[name];
  if (!open || !definition) return false;
  const refusal = writable(ctx, open, definition.ability);
  if (refusal !== true) return refusal;
  const machine = open.kind.machine;
  if (definition.states && machine) {
    const state = String(readPath(open.entity, machine.statePath) ?? '');
    if (!definition.states.includes(state)) {
      const label = (machineStateLabels as Record<string, Record<string, string>>)[open.type]?.[state] ?? state;
      return reason(ctx, 'commands.reason.notFromState', { state: label });
    }
  }
  if (definition.appliesTo && !definition.appliesTo(open.entity)) return false;
  const server = ctx.activeDocument?.serverActions?.find((a) => a.action === name);
  if (server?.allowed === false) return reason(ctx, 'commands.reason.notAllowed');
  if (server?.refusal) return { disabled: server.refusal.message };
  return true;
}

/**
 * Runs a custom action: asks its body first when it has one (the delivery's quantities), answers a
 * SPEC §5 question the server raises and sends again, and opens the new record when it creates one.
 */
export async function runCustomAction(ctx: CommandContext, name: string): Promise<void> {
  const open = openRecord(ctx);
  const definition = open?.kind.actions?.[name];
  if (!open || !definition) return;
  const send = (payload: unknown) => ctx.records.runAction(open.type, open.entity, name, payload, { silent: true });
  // The action is a create flow started from this record (a quotation's «Crea ordine» → the order wizard filled from it).
  const flowUrl = definition.createFlow && definition.createdType ? entityUrl(definition.createdType, 'new') : undefined;
  if (flowUrl && definition.createFlow) {
    ctx.workspace.openTab(`${flowUrl}?${new URLSearchParams({ [definition.createFlow]: open.entity.id }).toString()}`);
    return;
  }
  try {
    let body: unknown;
    if (definition.body) {
      body = await ctx.ui.askActionBody({ type: open.type, action: name, definition, entity: open.entity });
      if (body === undefined) return;
    }
    let result;
    try {
      result = await send(body);
    } catch (error) {
      const question = confirmableProblems[problemCode(error) ?? ''];
      if (!question || typeof body !== 'object' || body === null) throw error;
      const yes = await ctx.ui.confirm({ title: definition.label, message: ctx.ui.t(question.question), confirmLabel: ctx.ui.t(question.confirm) });
      if (!yes) return;
      result = await send({ ...body, ...question.resend });
    }
    // The record made is titled by its own kind (the order «Crea ordine» made, not the quotation).
    const createdKind = definition.createdType ? findKind(definition.createdType) ?? open.kind : open.kind;
    done(ctx, 'commands.action.done', { action: definition.label, title: recordTitle(createdKind, result.data) });
    // Said once and not kept anywhere (a temporary password): a dialog the user closes when they have read it.
    if (result.notice) await ctx.ui.confirm({ title: definition.label, message: result.notice, confirmLabel: ctx.ui.t('commands.action.noticeRead') });
    if (definition.creates || result.created) ctx.workspace.openTab(recordTabUrl(definition.createdType ?? open.type, result.data.id, result.data));
  } catch (error) {
    ctx.ui.showError(error);
  }
}

/**
 * Runs a custom action declared with a `selection` on the records selected in a grid: on the first,
 * with the others' ids in the declared body field; opens the record it creates.
 */
export async function runSelectionAction(ctx: CommandContext, type: string, name: string, rows: readonly EntityJson[]): Promise<void> {
  const kind = findKind(type);
  const definition = kind?.actions?.[name];
  const [first, ...others] = rows;
  if (!kind || !definition?.selection || !first) return;
  try {
    const result = await ctx.records.runAction(type, first, name, { [definition.selection]: others.map((row) => row.id) }, { silent: true });
    done(ctx, 'commands.action.done', { action: definition.label, title: recordTitle(definition.createdType ? findKind(definition.createdType) ?? kind : kind, result.data) });
    if (definition.creates || result.created) ctx.workspace.openTab(recordTabUrl(definition.createdType ?? type, result.data.id, result.data));
  } catch (error) {
    ctx.ui.showError(error);
  }
}

/**
 * One command per custom action name declared on any kind (`record.action.duplicate`…): a name two
 * kinds share is one command that acts on whichever the open record is; its label and `r` key come
 * from the declarations.
 */
export function customActionCommands(kinds: readonly KindDefinition[]): Command[] {
  const byName = new Map<string, RecordActionDefinition[]>();
  for (const kind of kinds) {
    for (const [name, definition] of Object.entries(kind.actions ?? {})) byName.set(name, [...(byName.get(name) ?? []), definition]);
  }
  return [...byName].map(([name, definitions]) => {
    const keys = [...new Set(definitions.flatMap((definition) => (definition.key ? [`r ${definition.key}`] : [])))];
    const command: Command = {
      id: `record.action.${name}`,
      title: definitions[0]!.label,
      group,
      scope: 'tab',
      keywords: [name, ...new Set(definitions.map((definition) => definition.label))],
      when: (ctx) => actionAvailability(ctx, name),
      run: (ctx) => runCustomAction(ctx, name),
    };
    if (keys.length > 0) command.keys = keys;
    return command;
  });
}

/** Every record command: the generic ones and the custom actions of the product's kinds. */
export const recordCommands: Command[] = [
  saveCommand,
  discardCommand,
  archiveCommand('archive'),
  archiveCommand('restore'),
  historyCommand,
  deleteCommand,
  attachCommand,
  importRegisterCommand,
  ...customActionCommands(kindList),
];
