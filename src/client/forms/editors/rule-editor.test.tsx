// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import '../../i18n/field-labels.ts';
import forms from '../../i18n/messages/forms.ts';
import roles from '../../i18n/messages/roles.ts';
import screens from '../../i18n/messages/screens.ts';
import { RuleEditor } from './rule-editor.tsx';

afterEach(cleanup);

const USER_ID = '$' + '{user.id}';

function editor(rule: Parameters<typeof RuleEditor>[0]['rule']) {
  render(
    <IntlProvider locale="it" messages={{ ...screens, ...forms, ...roles }}>
      <RuleEditor rule={rule} onChange={vi.fn()} readOnly={false} errorOf={() => undefined} />
    </IntlProvider>,
  );
  const form = document.querySelector('.form-rule') as HTMLElement;
  // What the user reads: the texts, and what each box and choice shows.
  const shown = (element: Element) => (element instanceof HTMLSelectElement ? element.selectedOptions[0]?.textContent ?? '' : (element as HTMLInputElement).value);
  return { text: form.textContent ?? '', boxes: [...form.querySelectorAll('input[type=text], select')].map(shown), options: [...form.querySelectorAll('option')].map((option) => option.textContent ?? '') };
}

describe('the rule editor in Italian (issue 23 «relationships.authorId», «${user.id}», «($eq)»)', () => {
  it('says fields by their labels, the operator in words and the user’s value by its name', () => {
    const { text, boxes, options } = editor({ action: 'read', subject: 'quotation', fields: ['attributes.commercialNotes'], conditions: { 'relationships.authorId': { $eq: USER_ID } } });
    expect(boxes).toEqual(expect.arrayContaining(['Autore', 'è', 'l’utente connesso']));
    expect(text).toContain('Note commerciali');
    for (const shown of [text, ...boxes, ...options]) expect(shown).not.toMatch(/\$|relationships\.|attributes\.|metadata\.|user\.|\(\$?eq\)/);
    // A written value is a text box; the user's own value is said by name, no `${user.…}` box beside it.
    expect(screen.queryByRole('textbox', { name: 'Valore della condizione' })).toBeNull();
  });

  it('offers a written value when the condition holds no user’s value', () => {
    const { boxes } = editor({ action: 'read', subject: 'quotation', conditions: { 'attributes.status': { $in: ['draft', 'issued'] } } });
    expect(boxes).toEqual(expect.arrayContaining(['Stato', 'è uno di', 'un valore scritto', 'draft, issued']));
  });
});
