// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { messages } from '../i18n/index.ts';
import { Field } from './field-input.tsx';
import type { FieldSpec } from './schema-fields.ts';

const spec: FieldSpec = { name: 'note', path: 'attributes.note', kind: 'textarea', required: false, nullable: false, hasDefault: false, maxLength: 200 };
const access = { canRead: () => true, canEdit: () => true };

function Note() {
  const [value, setValue] = useState<unknown>(undefined);
  return <Field spec={spec} path={spec.path} value={value} onChange={(_path, next) => setValue(next)} errors={new Map()} access={access} locked={false} />;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('textarea (SPEC §9)', () => {
  it('has 2 rows and offers the texts used before while empty; a suggestion can be taken or removed', () => {
    const first = render(<IntlProvider locale="it" messages={messages}><Note /></IntlProvider>);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    expect(box.rows).toBe(2);
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'Estintore dietro la porta' } });
    fireEvent.blur(box);
    first.unmount();

    render(<IntlProvider locale="it" messages={messages}><Note /></IntlProvider>);
    const again = screen.getByRole('textbox') as HTMLTextAreaElement;
    expect(screen.queryByRole('list')).toBeNull();
    fireEvent.focus(again);
    expect(screen.getByRole('button', { name: 'Estintore dietro la porta' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rimuovi suggerimento: Estintore dietro la porta' }));
    expect(screen.queryByRole('button', { name: 'Estintore dietro la porta' })).toBeNull();
    fireEvent.blur(again);

    fireEvent.focus(again);
    fireEvent.change(again, { target: { value: 'Accesso dal retro' } });
    fireEvent.blur(again);
    fireEvent.change(again, { target: { value: '' } });
    fireEvent.focus(again);
    fireEvent.click(screen.getByRole('button', { name: 'Accesso dal retro' }));
    expect(again.value).toBe('Accesso dal retro');
  });
});
