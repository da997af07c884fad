/**
 * The one shape of every user action (DESIGN §4 "Client", §6.1–6.3): the palette, the keyboard
 * shortcuts, buttons, menus and the shortcut help overlay all read commands of this shape from
 * one registry (`commands/registry.ts`). Two commands on the same key in the same scope are an
 * error at start-up.
 */
import type { MessageDescriptor } from 'react-intl';
import type { AppAbility, Identity } from '../src/domain/ability.ts';
import type { EntityJson } from '../src/domain/entity.ts';

/** Where a shortcut listens; the innermost active scope wins (global → tab → grid → form → dialog). */
export type CommandScope = 'global' | 'tab' | 'grid' | 'form' | 'dialog';

/** What a command may look at and do when it is offered or run. */
export interface CommandContext {
  identity: Identity;
  ability: AppAbility;
  /** Opens (or focuses) the tab of this app URL, e.g. `/marketing/quotations/detail/{id}`. */
  openTab(url: string, options?: { background?: boolean; side?: 'left' | 'right' }): void;
  /** URL of the focused tab (the focused side in split view), or undefined when none is open. */
  activeUrl: string | undefined;
  /** Facts the active tab publishes for its commands (e.g. `{ type: 'quotations', entity }`). */
  activeDocument?: ActiveDocument;
  /** Shows a Italian message in the alert stack (SPEC §9: auto-close 10 s, default info). */
  notify(message: string, type?: 'info' | 'success' | 'warning' | 'danger'): void;
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

/** The record an entity tab shows, so its commands (transitions, save, delete) can act on it. */
export interface ActiveDocument {
  type: string;
  id: string;
  entity?: EntityJson;
  /** Present while a form shows the record. */
  record?: RecordHandle;
}

/** `false`/`undefined` hides nothing; a string disables the command and says why (shown in the palette). */
export type Availability = boolean | { disabled: string };

export interface Command {
  /** Stable id, e.g. `nav.quotations`, `quotation.emit`, `tab.close`. */
  id: string;
  /** Italian title (a react-intl descriptor, or an already formatted string for record results). */
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
