/**
 * The small forms of custom actions that take a body (`RecordActionDefinition.body`), opened by the
 * action's command through `ctx.ui.askActionBody`: each kind module declares its own
 * (`KindModule.actionForms`: an order's delivery, a deadline's postponement…), each answering the body
 * the domain schema expects; a state-machine transition that carries a message gets the one form here.
 */
import { Suspense, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActionBodyRequest } from '../../../commands/types.ts';
import { machines } from '../../domain/machines/index.ts';
import type { StateMachine } from '../../domain/machine.ts';
import { kindModule } from '../kinds/index.ts';
import type { LazyComponent } from '../lazy-component.ts';
import { openDialog } from './dialog.tsx';
import { ActionBodyFormFrame, type ActionBodyFormProps } from './action-body-form-frame.tsx';

/**
 * The message a transition carries (`Transition.message`: a request for approval to the approvers, a
 * revision's reason): optional text, `$mod+Enter` or the button sends it, Esc cancels.
 */
function TransitionMessageForm({ request, close }: ActionBodyFormProps) {
  const intlHook = useIntl();
  const declared = transitionMessageOf(request.type, request.action);
  const [text, setText] = useState('');
  const id = useId();
  const hintId = useId();
  const max = declared?.maxLength ?? 1000;
  const required = declared?.required === true;
  const [missing, setMissing] = useState(false);
  const errorId = useId();
  const submit = () => {
    // A required reason is asked for here, before the server refuses the empty one.
    if (required && text.trim() === '') {
      setMissing(true);
      document.getElementById(id)?.focus();
      return;
    }
    close(text.trim() === '' ? {} : { message: text.trim() });
  };
  return (
    <ActionBodyFormFrame request={request} close={close} onSubmit={submit}>
      <label htmlFor={id}>{declared?.label}{required && <> <FormattedMessage id="commands.transitionMessage.requiredMark" /></>}</label>
      <textarea
        id={id}
        name="message"
        rows={4}
        maxLength={max}
        required={required}
        aria-invalid={missing || undefined}
        data-autofocus
        aria-describedby={missing ? `${errorId} ${hintId}` : hintId}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value.trim() !== '') setMissing(false);
        }}
      />
      {missing && <p id={errorId} className="form-error" role="alert"><FormattedMessage id="commands.transitionMessage.missing" values={{ label: declared?.label ?? '' }} /></p>}
      <p id={hintId} className="form-hint">{intlHook.formatMessage({ id: required ? 'commands.transitionMessage.requiredHint' : 'commands.transitionMessage.hint' }, { count: text.length, max })}</p>
    </ActionBodyFormFrame>
  );
}

/** The message declaration of a state-machine transition, when it takes one. */
function transitionMessageOf(type: string, action: string) {
  const machine = (machines as Record<string, StateMachine | undefined>)[type];
  return machine?.transitions.find((transition) => transition.action === action && transition.message)?.message;
}

/** The form of an action's body: its kind module's, else the transition message's, else none. */
export function actionBodyFormOf(type: string, action: string) {
  return kindModule(type).actionForms?.[action] ?? (transitionMessageOf(type, action) ? TransitionMessageForm : undefined);
}

/** Opens the action's form in the dialog host; resolves with the body, or undefined when cancelled. */
export async function askActionBody(request: ActionBodyRequest): Promise<unknown> {
  const Form = actionBodyFormOf(request.type, request.action);
  if (!Form) throw new Error(`No form for the body of ${request.type}.${request.action}`);
  // A kind's form loads on demand: in before the dialog opens, so its field has the focus from the first key.
  await (Form as Partial<LazyComponent<ActionBodyFormProps>>).preload?.();
  return openDialog<unknown>({
    title: request.definition.label,
    size: 'md',
    render: (close) => <Suspense fallback={<p role="status"><FormattedMessage id="screens.loading" /></p>}><Form request={request} close={close} /></Suspense>,
  });
}
