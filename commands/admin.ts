/**
 * Administration commands (issue 12): "act as" the user whose record is open (impersonation, SPEC
 * §6: only an administrator, judged on the real identity) and switching maintenance mode. They
 * reach the session and the maintenance switch through `ctx.admin`.
 */
import { isAdmin } from '../src/domain/rules/identity.ts';
import type { Availability, Command, CommandContext } from './types.ts';

const group = { id: 'commands.group.admin' };

/** Whether the real (signed-in) user is an administrator. */
function realAdmin(ctx: CommandContext): boolean {
  return isAdmin(ctx.identity.originalData ?? ctx.identity);
}

/** The user record the focused tab shows, when it is someone else. */
function openUser(ctx: CommandContext): { id: string; name: string } | undefined {
  const doc = ctx.activeDocument;
  if (doc?.type !== 'users' || !doc.entity || doc.record?.creating) return undefined;
  const self = (ctx.identity.originalData ?? ctx.identity).id;
  if (doc.id === self) return undefined;
  return { id: doc.id, name: String(doc.entity.attributes.displayName ?? doc.entity.attributes.email ?? doc.id) };
}

export const actAsCommand: Command = {
  id: 'user.actAs',
  title: { id: 'commands.admin.actAs' },
  group,
  scope: 'tab',
  keys: ['r m'],
  keywords: ['impersona', 'opera come', 'act as'],
  when: (ctx): Availability => {
    if (!ctx.admin || !realAdmin(ctx) || !openUser(ctx)) return false;
    if (ctx.identity.isImpersonating) return { disabled: ctx.ui.t('commands.admin.alreadyActing') };
    if (ctx.activeDocument?.entity?.metadata.isEnabled === false) return { disabled: ctx.ui.t('commands.admin.userDisabled') };
    return true;
  },
  run: (ctx) => {
    const user = openUser(ctx);
    if (user) ctx.admin?.actAs(user.id);
  },
};

export const maintenanceCommand: Command = {
  id: 'admin.maintenance',
  title: { id: 'commands.admin.maintenance' },
  group,
  keywords: ['manutenzione', 'maintenance'],
  when: (ctx) => Boolean(ctx.admin) && realAdmin(ctx),
  run: async (ctx) => {
    const admin = ctx.admin;
    if (!admin) return;
    try {
      const enabled = await admin.maintenance();
      const yes = await ctx.ui.confirm({
        title: ctx.ui.t('commands.admin.maintenance'),
        message: ctx.ui.t(enabled ? 'commands.admin.maintenanceIsOn' : 'commands.admin.maintenanceIsOff'),
        confirmLabel: ctx.ui.t(enabled ? 'commands.admin.maintenanceStop' : 'commands.admin.maintenanceStart'),
        danger: !enabled,
      });
      if (!yes) return;
      await admin.setMaintenance(!enabled);
      ctx.ui.notify(ctx.ui.t(enabled ? 'commands.admin.maintenanceStopped' : 'commands.admin.maintenanceStarted'), 'success');
    } catch (error) {
      ctx.ui.showError(error);
    }
  },
};

/** The user on the focused grid's row (the users grid), when it is someone else. */
function rowUser(ctx: CommandContext): { id: string; isEnabled: boolean } | undefined {
  const row = ctx.activeRow;
  if (row?.type !== 'users') return undefined;
  if (row.entity.id === (ctx.identity.originalData ?? ctx.identity).id) return undefined;
  return { id: row.entity.id, isEnabled: row.entity.metadata.isEnabled !== false };
}

/** "Act as" from the user's row of the users grid (same key as on the record: r m). */
export const actAsRowCommand: Command = {
  id: 'user.actAsFromRow',
  title: { id: 'commands.admin.actAs' },
  group,
  scope: 'grid',
  keys: ['r m'],
  keywords: ['impersona', 'opera come', 'act as'],
  when: (ctx): Availability => {
    const user = rowUser(ctx);
    if (!ctx.admin || !realAdmin(ctx) || !user) return false;
    if (ctx.identity.isImpersonating) return { disabled: ctx.ui.t('commands.admin.alreadyActing') };
    if (!user.isEnabled) return { disabled: ctx.ui.t('commands.admin.userDisabled') };
    return true;
  },
  run: (ctx) => {
    const user = rowUser(ctx);
    if (user) ctx.admin?.actAs(user.id);
  },
};

export const adminCommands: Command[] = [actAsCommand, maintenanceCommand];
export const adminRowCommands: Command[] = [actAsRowCommand];
