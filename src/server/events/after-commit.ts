/**
 * This process's after-commit hooks: business effects that must follow a write once it is committed,
 * and never inside its transaction (an e-mail cannot be taken back by a rollback). The change bus
 * handed to the record service is wrapped so that each committed write's notices reach the hooks
 * once, in the process that made the write; the bus's subscribers (event streams, caches) hear every
 * process's writes as before. A hook never delays or fails the write: it is called after the commit,
 * and what it throws is logged.
 */
import type { ChangeNotice } from '../../domain/records.ts';
import type { ChangeBus } from './bus.ts';

export type AfterCommitHook = (notices: readonly ChangeNotice[]) => void;

export function withAfterCommitHooks(bus: ChangeBus, hooks: readonly AfterCommitHook[], log: (error: unknown) => void): ChangeBus {
  return {
    beforeCommit: (trx, notices) => bus.beforeCommit(trx, notices),
    afterCommit(notices) {
      bus.afterCommit(notices);
      if (notices.length === 0) return;
      for (const hook of hooks) {
        try {
          hook(notices);
        } catch (error) {
          log(error);
        }
      }
    },
    subscribe: (listener) => bus.subscribe(listener),
    onResync: (listener) => bus.onResync(listener),
    listening: (timeoutMs) => bus.listening(timeoutMs),
    close: () => bus.close(),
  };
}
