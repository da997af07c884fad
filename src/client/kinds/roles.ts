/**
 * Roles: shown by the role screen (what the role grants as a readable table, and the rule editor),
 * new and stored alike, loaded on demand.
 */
import { lazy } from 'react';
import type { KindModule } from './types.ts';

const RoleEditor = lazy(() => import('../role-editor/role-editor.tsx').then((module) => ({ default: module.RoleEditor })));
const NewRoleEditor = lazy(() => import('../role-editor/role-editor.tsx').then((module) => ({ default: module.NewRoleEditor })));

export const roles: KindModule = {
  type: 'roles',
  screen: { create: NewRoleEditor, detail: RoleEditor },
};
