/**
 * User settings (SPEC §3): theme and sidebar preferences, plus the workspace the user left
 * behind (DESIGN §1: tabs survive a reload, grid columns are remembered per user).
 */
import { z } from 'zod';
import { USER_SETTINGS_SUBJECT } from '../ability.ts';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { isoDateTime, messages, optionalText, requiredText } from '../validation.ts';

/** Most tabs a workspace keeps open. */
export const MAX_OPEN_TABS = 50;
/**
 * The choices of «Schede aperte al massimo» (DESIGN §4 «an optional limit closes the least recently
 * used tabs that have no unsaved change»): 0 is «Nessun limite». Never above MAX_OPEN_TABS, the
 * tabs the workspace saves.
 */
export const TAB_LIMIT_CHOICES = [0, 20, 30, 50] as const;
export const DEFAULT_TAB_LIMIT = 50;
/** Most grids whose column choice is remembered. */
export const MAX_REMEMBERED_GRIDS = 200;

/** A route of the product (`/marketing/quotations/detail/…`): same-origin paths only, never another site. */
export const workspaceUrl = z
  .string()
  .trim()
  .max(2000)
  .regex(/^\/(?![/\\])\S*$/, messages.invalidValue);

export const workspaceTab = z.strictObject({
  url: workspaceUrl,
  title: optionalText(200),
  pinned: z.boolean().optional(),
});

const gridId = z.string().regex(/^[A-Za-z][\w.-]{0,99}$/, messages.invalidValue);

export const userSettingsAttributes = z.strictObject({
  /** Absent: follow the system preference. */
  hasDarkTheme: z.boolean().optional(),
  hasFilters: z.boolean().default(false),
  hasSidebarEnlarged: z.boolean().default(false),
  /** A set of group names: a name listed twice is kept once. */
  sidebarOpenedGroups: z.array(requiredText(100)).max(100).default([]).transform((list) => [...new Set(list)]),
  currentGroupSelected: z.string().trim().max(100).default(''),
  openTabs: z
    .array(workspaceTab)
    .max(MAX_OPEN_TABS)
    .default([])
    .superRefine((tabs, ctx) => {
      // Opening a URL focuses its tab (DESIGN §4), so a URL has one tab at most.
      const seen = new Set<string>();
      tabs.forEach((tab, index) => {
        if (seen.has(tab.url)) ctx.addIssue({ code: 'custom', path: [index, 'url'], message: messages.invalidValue, params: { code: 'invalidValue' } });
        seen.add(tab.url);
      });
    }),
  /** Most tabs open at once; opening one more closes the least recently used saved ones (0: no limit). */
  tabLimit: z.union(TAB_LIMIT_CHOICES.map((choice) => z.literal(choice))).default(DEFAULT_TAB_LIMIT),
  /**
   * The private calendar feed (issue 26 §8): the SHA-256 of its address's key (never the key) and when
   * it was made; absent or null: no feed. Written by `POST/DELETE /api/calendar/feed`.
   */
  calendarFeed: z.strictObject({ keyHash: z.string().regex(/^[0-9a-f]{64}$/), createdDateTime: isoDateTime() }).nullable().optional(),
  activeTabUrl: workspaceUrl.optional(),
  /** The tab shown on the right of the split view (absent: no split). */
  splitTabUrl: workspaceUrl.optional(),
  /** Grid id → ids of the visible columns, in display order. */
  gridColumns: z
    .record(gridId, z.array(requiredText(100)).max(100))
    .default({})
    .refine((grids) => Object.keys(grids).length <= MAX_REMEMBERED_GRIDS, { message: messages.invalidValue, params: { code: 'invalidValue' } }),
});

export const userSettingsRelationships = z.strictObject({
  userId: z.uuid(),
});

type UserSettingsShape = EntityShape & { attributes: z.infer<typeof userSettingsAttributes> };

/** The active tab and the split view's right tab are open tabs. */
export function activeTabIssues(attributes: z.infer<typeof userSettingsAttributes>): RuleIssue[] {
  const { openTabs } = attributes;
  return (['activeTabUrl', 'splitTabUrl'] as const)
    .filter((key) => attributes[key] !== undefined && !openTabs.some((tab) => tab.url === attributes[key]))
    .map((key) => ({ path: ['attributes', key], code: 'invalidValue', message: messages.invalidValue }));
}

export const userSettings = defineKind({
  type: 'userSettings',
  // Its own subject: roles that read the shared `settings` tables never reach a user's preferences.
  subject: USER_SETTINGS_SUBJECT,
  label: { singular: 'Impostazioni utente', plural: 'Impostazioni utente' },
  attributes: userSettingsAttributes,
  metadata: z.strictObject({}),
  relationships: userSettingsRelationships,
  fields: {
    userId: { path: 'relationships.userId', type: 'uuid' },
  },
  fullText: [],
  references: {
    'relationships.userId': { target: 'users', owned: true },
  },
  rules: (entity) => activeTabIssues((entity as UserSettingsShape).attributes),
  title: () => 'Impostazioni utente',
});
