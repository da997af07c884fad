/**
 * The one shape of every user action (DESIGN §4 "Client", §6.1–6.3): the palette, the keyboard
 * shortcuts, buttons, menus and the shortcut help overlay all read commands of this shape from
 * one registry (`commands/registry.ts`). Two commands on the same key in the same scope are an
 * error at start-up.
 *
 * `commands/` depends only on `src/domain` and on the services of `CommandContext` (DESIGN §6.12):
 * the client builds the context (`src/client/workspace/command-context.ts`), a unit test builds a
 * plain object of the same shape.
 */
import type { MessageDescriptor } from 'react-intl';
import type { AppAbility, Identity } from '../src/domain/ability.ts';
import type { EntityJson } from '../src/domain/entity.ts';
import type { RecordsProvider } from '../src/domain/records.ts';
import type { RecordActionDefinition } from '../src/domain/kind.ts';

/** Where a shortcut listens; the innermost active scope wins (global → tab → grid → form → dialog). */
export type CommandScope = 'global' | 'tab' | 'grid' | 'form' | 'dialog';

export type AlertKind = 'info' | 'success' | 'warning' | 'danger';

/** The workspace as commands see it: tabs, split view and the shell's panels, as functions. */
export interface WorkspaceService {
  /** URL of the focused tab (the focused side in split view), or undefined when none is open. */
  activeUrl: string | undefined;
  /** Opens (or focuses) the tab of this app URL, e.g. `/marketing/quotations/detail/{id}`. */
  openTab(url: string, options?: { background?: boolean; side?: 'left' | 'right' }): void;
  /** How many tabs are open and how many closed ones may be reopened. */
  tabCount(): number;
  closedTabCount(): number;
  isSplit(): boolean;
  /** Closes the focused tab (asking first when it has unsaved changes). */
  closeActiveTab(): Promise<void>;
  reopenTab(): void;
  /** 1-based; 9 is the last tab. */
  gotoTab(index: number): void;
  cycleTab(delta: 1 | -1): void;
  moveActiveTab(delta: 1 | -1): void;
  toggleSplit(): void;
  focusOtherPane(): void;
  togglePalette(): void;
  /** Opens the list of open tabs (find one, show it, close it). */ openTabList(): void;
  openShortcutHelp(): void;
  toggleSidebar(): void;
  toggleTheme(): void;
}

/** An undo the user may still ask for (a delete, a transition with a straight inverse). */
export interface UndoOffer {
  /** What would be undone, e.g. `Eliminazione di PRV-2026-00002`. */
  label: string;
  /** Epoch milliseconds after which the offer is gone. */
  until: number;
  /** The record the offer belongs to (its form shows the undo button). */
  type?: string;
  id?: string;
  run(): Promise<void>;
}

/** What a custom action with a body asks the user before it runs (e.g. the quantities of a delivery). */
export interface ActionBodyRequest {
  type: string;
  action: string;
  definition: RecordActionDefinition;
  entity: EntityJson;
}

/** Italian texts, messages and dialogs: the client's i18n, alert stack and dialog host. */
export interface UiService {
  /** Formats a message of the client's catalogue (`src/client/i18n/messages/*`). */
  t(id: string, values?: Record<string, string | number>): string;
  /** Shows an Italian message in the alert stack (SPEC §9: auto-close 10 s, default info). */
  notify(message: string, type?: AlertKind): void;
  /** Shows what went wrong with a request made with `silent` (SPEC §8 problem text). */
  showError(error: unknown): void;
  /** Asks to type the SPEC §9 passphrase before deleting `what`; true when confirmed. */
  confirmDelete(what?: string): Promise<boolean>;
  /** A yes/no question; true only on the confirm button. */
  confirm(options: { title: string; message: string; confirmLabel?: string; danger?: boolean }): Promise<boolean>;
  /** Replaces the pending undo (one at a time, like a text editor's last action). */
  offerUndo(offer: UndoOffer): void;
  /** The undo still offered now (undefined once used, replaced or expired). */
  pendingUndo(): UndoOffer | undefined;
  /** Takes the pending undo away (so it runs once) and answers it. */
  takeUndo(): UndoOffer | undefined;
  /** Opens the small form of an action's body; resolves with the body, or undefined when cancelled. */
  askActionBody(request: ActionBodyRequest): Promise<unknown>;
}

/** What administrators' commands reach beyond records (commands/admin.ts). */
export interface AdminService {
  /** Starts acting as this user (impersonation): the app reloads as them. */
  actAs(userId: string): void;
  /** Whether maintenance mode is on now. */
  maintenance(): Promise<boolean>;
  setMaintenance(enabled: boolean): Promise<void>;
}

/** What a command may look at and do when it is offered or run. */
export interface CommandContext {
  identity: Identity;
  ability: AppAbility;
  workspace: WorkspaceService;
  ui: UiService;
  /** The one data path for records (`src/client/data/`). */
  records: RecordsProvider;
  /** Facts the active tab publishes for its commands (e.g. `{ type: 'quotations', entity }`). */
  activeDocument?: ActiveDocument;
  /** Impersonation and maintenance (absent in tests that do not need them). */
  admin?: AdminService;
  /** The row under the cursor of the focused grid, for the row commands it registers (`rowCommands`). */
  activeRow?: { type: string; entity: EntityJson };
}

/**
 * What the form of the open record lets commands do with its unsaved state (the record controller
 * of `src/client/data/` publishes it; the record commands `record.save`, `record.history`… use it).
 */
export interface RecordHandle {
  /** The user changed something not saved yet. */
  dirty: boolean;
  /** A new record not stored yet (`/…/new`). */
  creating: boolean;
  /** Validates and saves the draft with its version (the 409 flow included). */
  save(): Promise<void>;
  /** Drops the draft and shows the stored version again. */
  discard(): void;
  /** Shows or hides the record's history panel ("Cronologia"). */
  toggleHistory(): void;
}

/** What the server said about one action of one record version (`GET /api/{type}/{id}/actions`). */
export interface ServerActionFact {
  action: string;
  allowed?: boolean;
  refusal?: { code: string; message: string } | null;
}

/** The record an entity tab shows, so its commands (transitions, save, delete) can act on it. */
export interface ActiveDocument {
  type: string;
  id: string;
  entity?: EntityJson;
  /** Present while a form shows the record. */
  record?: RecordHandle;
  /**
   * The server's answer about this version's actions, when the tab fetched it: preferred over the
   * domain's guards (it knows the customer's own discount maximum, related rows, the role).
   */
  serverActions?: readonly ServerActionFact[];
}

/**
 * The keys of a kind's state transitions, `t <kind> <action>` (e.g. `t p e` = preventivo → emetti),
 * declared by the kind's client module (src/client/kinds/<type>.ts) and given to the registry (DESIGN §6.12).
 */
export interface TransitionKeys {
  /** The key after `t`: the kind (its Italian initial where free). */
  kind: string;
  /** The last key, by action: unique within the kind (mnemonic in Italian). */
  actions: Readonly<Record<string, string>>;
}

/** `false` hides it, `true` offers it, `{ disabled }` shows it disabled and says why (palette, buttons). */
export type Availability = boolean | { disabled: string };

export interface Command {
  /** Stable id, e.g. `nav.quotations`, `record.save`, `tab.close`. */
  id: string;
  /** Italian title (a react-intl descriptor, or a string the domain or the route table already spells). */
  title: MessageDescriptor | string;
  /** Palette group heading, e.g. `Vai a`, `Preventivo`, `Schede`. */
  group: MessageDescriptor | string;
  /** Key sequences in the `tinykeys`-like notation `$mod+k`, `g q`, `Alt+Shift+ArrowRight`, `?`. */
  keys?: string[];
  /** Where the shortcut listens (default `global`). */
  scope?: CommandScope;
  /** Permission needed (DESIGN §6.3): hidden when the ability refuses it. */
  can?: [action: string, subject: string];
  /** App URL the command opens, when it is a navigation (links, "open on the other side" in split view). */
  href?: string;
  /** Extra words the palette matches (Italian synonyms). */
  keywords?: string[];
  /** Whether to offer it now: `false` hides it, `{ disabled }` shows it disabled with the reason. */
  when?(ctx: CommandContext): Availability;
  run(ctx: CommandContext): void | Promise<void>;
}
