/**
 * Roles: shown by the role screen (what the role grants as a readable table, and the rule editor),
 * new and stored alike, loaded on demand.
 */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

const RoleEditor = lazyComponent(async () => ({ default: (await import('../role-editor/role-editor.tsx')).RoleEditor }));
const NewRoleEditor = lazyComponent(async () => ({ default: (await import('../role-editor/role-editor.tsx')).NewRoleEditor }));

export const roles: KindModule = {
  type: 'roles',
  screen: { create: NewRoleEditor, detail: RoleEditor },
};
