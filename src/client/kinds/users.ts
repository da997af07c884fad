/**
 * Users: the SPEC §7 `filter[moduleName]` list filter, the new password's form, and their names for staff who may not read
 * users (`GET /api/users/names`, issue 22: a sales manager's quotation names its salesman).
 */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

export const users: KindModule = {
  type: 'users',
  extraFilters: [{ group: 'filter', name: 'moduleName', kind: 'modules' }],
  namesWithoutRead: { path: '/users/names', offeredTo: (identity) => identity.userType === 'siv' || identity.userType === 'external' },
  actionForms: { resetPassword: lazyComponent(async () => ({ default: (await import('../shell/reset-password-form.tsx')).ResetPasswordForm })) },
};
