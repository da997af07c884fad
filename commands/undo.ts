/**
 * One undo at a time (a delete, a transition with a straight inverse), offered for `UNDO_MS` through
 * `ctx.ui.offerUndo` and run by `t z` from anywhere, or by the undo button the record shows.
 */
import type { Command, CommandContext, UndoOffer } from './types.ts';
import { formatSequence } from './keys.ts';

/** How long an undo is offered (SPEC §9: as long as the alert that announces it). */
export const UNDO_MS = 10_000;

export const UNDO_KEYS = 't z';

/** The keys of the undo as people read them (`T Z`), for the message that offers it. */
export function undoKeysText(): string {
  return formatSequence(UNDO_KEYS);
}

/** Offers `run` as the undo of what just happened, for the undo window from now. */
export function offerUndo(ctx: CommandContext, offer: Omit<UndoOffer, 'until'>, now = Date.now()): void {
  ctx.ui.offerUndo({ ...offer, until: now + UNDO_MS });
}

/** The pending undo when it is still within its window. */
export function currentUndo(ctx: CommandContext, now = Date.now()): UndoOffer | undefined {
  const offer = ctx.ui.pendingUndo();
  return offer && offer.until > now ? offer : undefined;
}

/** Runs the pending undo once; a failure (the record changed meanwhile: 409) is shown, not thrown. */
export async function runUndo(ctx: CommandContext, now = Date.now()): Promise<void> {
  if (!currentUndo(ctx, now)) return;
  const offer = ctx.ui.takeUndo();
  if (!offer) return;
  try {
    await offer.run();
  } catch (error) {
    ctx.ui.showError(error);
  }
}

export const undoCommand: Command = {
  id: 'undo.last',
  title: { id: 'commands.undo.title' },
  group: { id: 'commands.group.record' },
  keys: [UNDO_KEYS],
  keywords: ['annulla', 'ripristina', 'undo'],
  when: (ctx) => Boolean(currentUndo(ctx)),
  run: (ctx) => runUndo(ctx),
};
