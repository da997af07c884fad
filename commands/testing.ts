/**
 * A plain `CommandContext` for unit tests of commands (DESIGN §6.12): no browser, no client. It
 * records what the commands asked of the workspace and the ui, answers dialogs as told, keeps the
 * pending undo like the client does, and records every call a command makes to the records
 * provider (each answered by the function the test gives, or refused).
 */
import type { ActiveDocument, ActionBodyRequest, CommandContext, UndoOffer } from './types.ts';
import { buildAbility, type Identity } from '../src/domain/ability.ts';
import type { PermissionRule } from '../src/domain/entities/roles.ts';
import type { RecordsProvider } from '../src/domain/records.ts';

export interface RecordCall {
  method: keyof RecordsProvider;
  args: unknown[];
}

export interface FakeContextOptions {
  permissions?: PermissionRule[];
  activeDocument?: ActiveDocument;
  /** Answers of the records provider by method; a method without one rejects. */
  records?: Partial<RecordsProvider>;
  /** What the delete passphrase dialog, a yes/no question and an action's form answer. */
  confirmDelete?: boolean;
  confirm?: boolean;
  actionBody?: unknown;
  /** The clock the undo window is measured with. */
  now?: () => number;
  tabs?: number;
}

export interface FakeContext {
  ctx: CommandContext;
  notices: { message: string; type: string }[];
  errors: unknown[];
  opened: string[];
  recordCalls: RecordCall[];
  bodyRequests: ActionBodyRequest[];
  questions: string[];
  /** Workspace functions called, by name. */
  workspaceCalls: string[];
}

export const testIdentity: Identity = {
  id: 'u1',
  email: 'test@example.it',
  displayName: 'Test',
  userType: 'siv',
  allowedModules: ['fire', 'equip', 'edu', 'doc', 'med'],
  allowedCustomerIds: [],
  officeLocationIds: [],
  isMainteiner: false,
  isSalesman: false,
  roles: [],
  permissions: [],
};

/** Message id and values as text (`commands.reason.deleted`, `commands.reason.notFromState state=Bozza`). */
export function fakeT(id: string, values?: Record<string, string | number>): string {
  const rest = Object.entries(values ?? {}).map(([name, value]) => `${name}=${value}`);
  return [id, ...rest].join(' ');
}

export function fakeContext(options: FakeContextOptions = {}): FakeContext {
  const now = options.now ?? Date.now;
  const state: FakeContext = { ctx: undefined!, notices: [], errors: [], opened: [], recordCalls: [], bodyRequests: [], questions: [], workspaceCalls: [] };
  let undo: UndoOffer | undefined;
  const recordMethods = ['list', 'get', 'create', 'update', 'remove', 'runAction', 'history', 'issueDocument'] as const;
  const records = Object.fromEntries(
    recordMethods.map((method) => [
      method,
      (...args: unknown[]) => {
        state.recordCalls.push({ method, args });
        const answer = options.records?.[method] as ((...a: unknown[]) => Promise<unknown>) | undefined;
        return answer ? answer(...args) : Promise.reject(new Error(`records.${method} not expected`));
      },
    ]),
  ) as unknown as RecordsProvider;
  const call = (name: string) => () => void state.workspaceCalls.push(name);
  state.ctx = {
    identity: { ...testIdentity, permissions: options.permissions ?? [] },
    ability: buildAbility(options.permissions ?? []),
    records,
    workspace: {
      activeUrl: undefined,
      openTab: (url) => void state.opened.push(url),
      tabCount: () => options.tabs ?? 1,
      closedTabCount: () => 0,
      isSplit: () => false,
      closeActiveTab: async () => void state.workspaceCalls.push('closeActiveTab'),
      reopenTab: call('reopenTab'),
      gotoTab: (index) => void state.workspaceCalls.push(`gotoTab ${index}`),
      cycleTab: (delta) => void state.workspaceCalls.push(`cycleTab ${delta}`),
      moveActiveTab: (delta) => void state.workspaceCalls.push(`moveActiveTab ${delta}`),
      toggleSplit: call('toggleSplit'),
      focusOtherPane: call('focusOtherPane'),
      togglePalette: call('togglePalette'),
      openTabList: call('openTabList'),
      openShortcutHelp: call('openShortcutHelp'),
      toggleSidebar: call('toggleSidebar'),
      toggleTheme: call('toggleTheme'),
    },
    ui: {
      t: fakeT,
      notify: (message, type) => void state.notices.push({ message, type: type ?? 'info' }),
      showError: (error) => void state.errors.push(error),
      confirmDelete: async () => options.confirmDelete ?? true,
      confirm: async ({ message }) => {
        state.questions.push(message);
        return options.confirm ?? true;
      },
      offerUndo: (offer) => {
        undo = offer;
      },
      pendingUndo: () => (undo && undo.until > now() ? undo : undefined),
      takeUndo: () => {
        const offer = undo;
        undo = undefined;
        return offer && offer.until > now() ? offer : undefined;
      },
      askActionBody: async (request) => {
        state.bodyRequests.push(request);
        return options.actionBody;
      },
    },
  };
  if (options.activeDocument) state.ctx.activeDocument = options.activeDocument;
  return state;
}
