/**
 * What one kind adds to the generic client (DESIGN §6.11, twenty's per-object configs): every field
 * is optional and the registry (`index.ts`) fills in the defaults, so generic code asks the module
 * of a type instead of branching on the type's name.
 */
import type { ComponentType } from 'react';
import type { EntityJson } from '../../domain/entity.ts';
import type { Identity } from '../../domain/ability.ts';
import type { ActionBodyFormProps } from '../shell/action-body-form-frame.tsx';
import type { TransitionKeys } from '../../../commands/types.ts';

/** A list filter the SPEC names that is not a plain list field (SPEC §7 `have[…]`, `filter[moduleName]`). */
export interface ExtraFilter {
  group: 'filter' | 'have';
  name: string;
  /** A yes/no choice, one of the product's modules, one of `options` (named by `form.enum.<option>`), or a record of `target` picked by name. */
  kind: 'boolean' | 'modules' | 'options' | 'reference';
  options?: readonly string[];
  /** `reference`: the API type picked (`users`). */
  target?: string;
  /** `reference`: the picker's own list filters, from the grid's filter values by field name (the operators of the chosen module). */
  pickerFilter?(filters: Readonly<Record<string, string>>): Record<string, string>;
}

/** How records of the kind are found by the palette's record search (SPEC §7 full text). */
export interface SearchEntry {
  /** CASL subject the user must be able to read. */
  subject: string;
  /** Position among the searched kinds (lower first). */
  order: number;
}

/** What the detail screen of a record shows instead of, or besides, the generic form. */
export interface KindScreen {
  /** Replaces the generic form of a new record (orders: the SPEC §2 wizard). */
  create?: ComponentType;
  /**
   * Replaces the generic form of a stored record (a dedicated editor over the record controller,
   * e.g. the quotation editor). Loaded on demand: pass a `lazyComponent()` (preloaded once the browser is idle).
   */
  detail?: ComponentType<{ id: string }>;
  /** Shown under the form of a stored record. */
  below?: ComponentType<{ id: string }>;
  /** Shown above the generic form, of a new record too (a warning that concerns the kind: SPEC §9 report headings). */
  notice?: ComponentType;
}

export interface KindModule {
  /** API type (`customers`). */
  type: string;
  screen?: KindScreen;
  extraFilters?: readonly ExtraFilter[];
  search?: SearchEntry;
  /**
   * Entity routes: which path parameter of the kind's detail routes (`kind` in routes.ts) carries
   * the record's own id, most specific first. Default: `<singular>Id`, then `id`.
   */
  idParams?: readonly string[];
  /** Other path parameters read from the record (dotted paths), e.g. a price list's `customerId`. */
  recordParams?: Readonly<Record<string, string>>;
  /** Which values of an enumerated path parameter apply to this record (a customer's own modules). */
  paramValues?(param: string, values: readonly string[], entity: EntityJson | undefined): readonly string[];
  /**
   * Columns (after the title) when the kind's rows are shown inside their parent record, instead of
   * the generic choice (`childColumnIds`): for rows whose defining amounts the server may fill.
   */
  childColumns?: readonly string[];
  /**
   * Values a new record starts with, from the signed-in user (dotted path → value), e.g. a
   * reminder's owner. A value in the new-record URL wins.
   */
  newRecordDefaults?(user: { id: string }): Readonly<Record<string, string>>;
  /** What a row's colour says in the grid (`is-<tone>`), e.g. a deadline `overdue` or `expiring` on `today`. */
  rowTone?(row: EntityJson, today: string): string | undefined;
  /**
   * Fields whose runs of equal values are groups when the grid is sorted by them first (the deadlines
   * by customer, then site): the grid shows them first, marks where a group starts and does not repeat them.
   */
  groupBy?: readonly string[];
  /** Shown above the kind's list screen, with the grid's view (the deadlines' counts per window). */
  gridSummary?: ComponentType<GridSummaryProps>;
  /**
   * Columns the kind draws itself in its grid, by column id (a deadline's intervention, as a link): shown by default too.
   * An id that is no field of the kind is a column of its own, labelled `form.field.<id>`, not sorted nor filtered
   * (an equipment's next deadline).
   */
  gridCells?: Readonly<Record<string, ComponentType<{ row: EntityJson }>>>;
  /**
   * The form of each of its actions that takes a body, by action name (loaded on demand): what the
   * action's command asks before it runs. A transition message needs none (the dialog's own form).
   */
  actionForms?: Readonly<Record<string, ComponentType<ActionBodyFormProps>>>;
  /**
   * The keys of its state transitions (a kind with a state machine): `t <kind> <action>`, e.g. `t p e`
   * to emit a quotation. The record commands are registered on them (commands/transitions.ts).
   */
  transitionKeys?: TransitionKeys;
  /** The columns its lists show after the title when the user has not chosen (what the rows are read by), instead of the generic choice. */
  listColumns?: readonly string[];
  /** Why a row cannot take a selection action (a deadline already planned is not planned again), or undefined when it can. */
  selectionRefusal?(action: string, row: EntityJson): string | undefined;
  /**
   * Names for a reader who may not read the kind itself: `path` answers `{ data: { id, displayName }[] }`
   * for `?ids=a,b`, asked only when `offeredTo(identity)` (users: staff read their colleagues' names).
   */
  namesWithoutRead?: { path: string; offeredTo(identity: Identity): boolean };
}

export interface GridSummaryProps {
  /** The grid's tab URL (its view) and how to change it. */
  url: string;
  onUrlChange(url: string): void;
  /** The screen's fixed filters (from the route). */
  fixed: Record<string, string>;
}

/** A kind module with the defaults filled in. */
export type ResolvedKindModule = Required<Pick<KindModule, 'type' | 'screen' | 'extraFilters' | 'idParams' | 'recordParams'>> & Pick<KindModule, 'search' | 'paramValues' | 'childColumns' | 'listColumns' | 'actionForms' | 'newRecordDefaults' | 'rowTone' | 'groupBy' | 'gridSummary' | 'gridCells' | 'selectionRefusal' | 'namesWithoutRead' | 'transitionKeys'>;
