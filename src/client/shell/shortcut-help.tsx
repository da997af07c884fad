/**
 * `?`: every shortcut that works here and now (DESIGN §4): the static commands and the scoped ones
 * of the focused grid/form, hidden ones left out, grouped by scope, from the one registry.
 */
import { useRef } from 'react';
import { useAtom } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Command, CommandScope } from '../../../commands/types.ts';
import { formatSequence } from '../../../commands/keys.ts';
import { availability, scopeOf, scopeOrder } from '../../../commands/registry.ts';
import { getCommandContext } from '../workspace/command-context.ts';
import { useListeningCommands } from '../workspace/use-scoped-commands.ts';
import { shortcutHelpOpenAtom, useModalDialog } from './ui-state.ts';

function shortcutsByScope(listening: readonly Command[]): [CommandScope, Command[]][] {
  const ctx = getCommandContext();
  const commands = listening.filter((command) => command.keys?.length && ctx && availability(command, ctx) !== false);
  return [...scopeOrder]
    .reverse()
    .map((scope): [CommandScope, Command[]] => [scope, commands.filter((command) => scopeOf(command) === scope)])
    .filter(([, list]) => list.length > 0);
}

export function ShortcutHelp() {
  const [open, setOpen] = useAtom(shortcutHelpOpenAtom);
  const ref = useRef<HTMLDialogElement>(null);
  const intl = useIntl();
  const listening = useListeningCommands();
  useModalDialog(ref, open);
  const title = (command: Command) => (typeof command.title === 'string' ? command.title : intl.formatMessage(command.title));
  return (
    <dialog ref={ref} className="dialog dialog-lg shortcut-help" aria-labelledby="shortcut-help-title" onClose={() => setOpen(false)} onClick={(event) => event.target === event.currentTarget && setOpen(false)}>
      {open && (
        <div className="dialog-frame">
          <header className="dialog-header">
            <h2 id="shortcut-help-title">
              <FormattedMessage id="workspace.help.title" />
            </h2>
            <button type="button" className="icon-button" autoFocus aria-label={intl.formatMessage({ id: 'workspace.dialog.close' })} onClick={() => setOpen(false)}>
              ×
            </button>
          </header>
          <div className="dialog-body shortcut-columns" tabIndex={0} role="region" aria-labelledby="shortcut-help-title">
            {shortcutsByScope(listening).map(([scope, commands]) => (
              <section key={scope} className="shortcut-scope">
                <h3>
                  <FormattedMessage id={`workspace.help.scope.${scope}`} />
                </h3>
                <dl>
                  {commands.map((command) => (
                    <div key={command.id} className="shortcut-row" data-command={command.id}>
                      <dt>{title(command)}</dt>
                      <dd>
                        {command.keys!.map((key) => (
                          <kbd key={key}>{formatSequence(key)}</kbd>
                        ))}
                      </dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
          </div>
        </div>
      )}
    </dialog>
  );
}
