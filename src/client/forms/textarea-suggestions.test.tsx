// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
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

  it('has the SPEC §9 defaults: 20 columns, 2 rows, soft wrap', () => {
    render(<IntlProvider locale="it" messages={messages}><Note /></IntlProvider>);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    expect(box.cols).toBe(20);
    expect(box.rows).toBe(2);
    expect(box.wrap).toBe('soft');
  });

  it('remembers the last 5 distinct texts, most recent first; a repeated one moves to the top', () => {
    const view = render(<IntlProvider locale="it" messages={messages}><Note /></IntlProvider>);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    const use = (text: string) => {
      fireEvent.focus(box);
      fireEvent.change(box, { target: { value: text } });
      fireEvent.blur(box);
      fireEvent.change(box, { target: { value: '' } });
    };
    for (const text of ['uno', 'due', 'tre', 'quattro', 'cinque', 'sei', 'tre']) use(text);
    view.unmount();
    render(<IntlProvider locale="it" messages={messages}><Note /></IntlProvider>);
    fireEvent.focus(screen.getByRole('textbox'));
    const offered = screen.getAllByRole('button').filter((button) => button.className === 'form-suggestion').map((button) => button.textContent);
    expect(offered).toEqual(['tre', 'sei', 'cinque', 'quattro', 'due']);
    expect(screen.getAllByRole('button', { name: /^Rimuovi suggerimento: / })).toHaveLength(5);
    expect(screen.getAllByTitle('Rimuovi suggerimento')).toHaveLength(5);
  });

  it('by keyboard: ArrowDown into the list, arrows move, Delete removes, Enter takes one', () => {
    localStorage.setItem('textarea-suggestions:attributes.note', JSON.stringify(['uno', 'due', 'tre']));
    render(<IntlProvider locale="it" messages={messages}><Note /></IntlProvider>);
    const box = screen.getByRole('textbox') as HTMLTextAreaElement;
    act(() => box.focus());
    expect(screen.getByRole('list', { name: 'Testi usati di recente' })).toBeTruthy();
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('uno');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('due');
    fireEvent.keyDown(document.activeElement!, { key: 'Delete' });
    // «due» is gone, here and in the browser's memory; the focus is on the one in its place.
    expect(screen.queryByRole('button', { name: 'due' })).toBeNull();
    expect(JSON.parse(localStorage.getItem('textarea-suggestions:attributes.note')!)).toEqual(['uno', 'tre']);
    expect(document.activeElement?.textContent).toBe('tre');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(box);
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    // Enter on a button is its click.
    fireEvent.click(document.activeElement!);
    expect(box.value).toBe('uno');
    expect(document.activeElement).toBe(box);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
