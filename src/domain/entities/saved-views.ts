/**
 * Saved views (issue 7): a grid's view — its route path and its URL query in the SPEC §7 list
 * language (filters, sort, columns, full text) — kept under a name, per user, optionally shared
 * with roles. The URL form is kept as it is, so opening a saved view and following a shared link
 * land on the same URL. Who may see which view is an ability rule (`SAVED_VIEW_RULES` in
 * `ability.ts`): the owner manages their own, users read those shared with one of their roles.
 *
 * Relative dates: a query value `today`, `today+N` or `today-N` (days) stands for a business day
 * (Europe/Rome) counted from the day the view is opened; the client resolves it when it opens the
 * view (`resolveViewUrl` in `src/client/kinds/saved-views.ts`), so a list of "deadlines up to
 * today" stays right tomorrow.
 */
import { z } from 'zod';
import { defineKind, type EntityShape, type RuleIssue } from '../kind.ts';
import { matchRoute } from '../routes.ts';
import { messages, requiredText } from '../validation.ts';

/** The longest query a view keeps (a URL of a few filters and columns is far shorter). */
export const MAX_VIEW_QUERY = 2000;

export const savedViewAttributes = z.strictObject({
  name: requiredText(100),
  /** The route path of the grid, without query: `/marketing/quotations`. */
  path: z
    .string()
    .trim()
    .max(300)
    .regex(/^\/(?![/\\])[^\s?#]*$/, messages.invalidValue),
  /** The URL query without `?`, as the grid writes it: `filter[status]=to-be-approved&sort=-date`. */
  query: z
    .string()
    .trim()
    .max(MAX_VIEW_QUERY)
    .regex(/^[^\s#?][^\s#]*$|^$/, messages.invalidValue)
    .default(''),
});

export const savedViewRelationships = z.strictObject({
  /** The owner: only they may change or delete the view. */
  userId: z.uuid(),
  /** Roles whose users may read (and open) the view. */
  sharedRoleIds: z.array(z.uuid()).max(50).default([]).transform((ids) => [...new Set(ids)]),
});

type SavedViewShape = EntityShape & {
  attributes: z.infer<typeof savedViewAttributes>;
  relationships: z.infer<typeof savedViewRelationships>;
};

/** A view opens a page of the product: its path must be one of the SPEC §2 routes. */
export function savedViewIssues(attributes: z.infer<typeof savedViewAttributes>): RuleIssue[] {
  const match = matchRoute(attributes.path);
  if (match && match.route.name !== 'NotFound' && match.route.layout !== 'empty') return [];
  return [{ path: ['attributes', 'path'], code: 'invalidValue', message: messages.invalidValue }];
}

export const savedViews = defineKind({
  type: 'savedViews',
  subject: 'saved view',
  label: { singular: 'Vista salvata', plural: 'Viste salvate' },
  attributes: savedViewAttributes,
  metadata: z.strictObject({}),
  relationships: savedViewRelationships,
  fields: {
    name: { path: 'attributes.name', type: 'text', sortable: true },
    path: { path: 'attributes.path', type: 'text' },
    userId: { path: 'relationships.userId', type: 'uuid' },
    sharedRoleIds: { path: 'relationships.sharedRoleIds', type: 'uuidArray' },
  },
  fullText: ['attributes.name'],
  references: {
    'relationships.userId': { target: 'users', owned: true },
    'relationships.sharedRoleIds': { target: 'roles', many: true },
  },
  rules: (entity) => savedViewIssues((entity as SavedViewShape).attributes),
  title: (entity) => (entity as SavedViewShape).attributes.name,
});
