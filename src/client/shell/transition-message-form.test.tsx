// @vitest-environment jsdom
// A transition's message form (action-body-dialog.tsx): a refusal whose reason the customer reads asks
// for it (issue 26 walk: the dialog said «Facoltativo» and the server refused the empty reason).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { testIdentity } from '../../../commands/testing.ts';
import { actionBodyFormOf } from './action-body-dialog.tsx';
import { renderSignedIn } from '../test-support/render-signed-in.tsx';
import type { ActionBodyRequest } from '../../../commands/types.ts';

afterEach(cleanup);

const request = (type: string, action: string): ActionBodyRequest => ({
  type, action, definition: { label: 'Rifiuta' } as ActionBodyRequest['definition'], entity: { id: 'r1', attributes: {}, metadata: {}, relationships: {} },
});

function open(type: string, action: string) {
  const Form = actionBodyFormOf(type, action)!;
  const close = vi.fn();
  renderSignedIn(testIdentity, <Form request={request(type, action)} close={close} />);
  return { close, field: screen.getByRole('textbox') as HTMLTextAreaElement };
}

describe('a transition’s message', () => {
  it.each([['rectifications', 'refuse'], ['enrolmentRequests', 'decline']])('%s %s: the reason is required, said before sending, and sent once written', (type, action) => {
    const { close, field } = open(type, action);
    expect(screen.getByText(/\(obbligatorio\)/)).toBeTruthy();
    expect(field.required).toBe(true);
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    expect(close).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('«Motivo del rifiuto» è obbligatorio.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: '  Manca la foto del cartello  ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    expect(close).toHaveBeenCalledWith({ message: 'Manca la foto del cartello' });
  });

  it('an optional message (a revision’s reason) may stay empty', () => {
    const { close, field } = open('quotations', 'createRevision');
    expect(field.required).toBe(false);
    fireEvent.keyDown(field, { key: 'Enter', ctrlKey: true });
    expect(close).toHaveBeenCalledWith({});
  });
});
