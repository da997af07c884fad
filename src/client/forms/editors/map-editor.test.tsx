// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import forms from '../../i18n/messages/forms.ts';
import { MapEditor } from './map-editor.tsx';

afterEach(cleanup);

const value = { reparto: 'Uffici', progressivo: 12, extra: 'sì' };

function editor(hiddenKeys: ReadonlySet<string>) {
  return (
    <IntlProvider locale="it" messages={forms}>
      <MapEditor label="Altri valori" value={value} onChange={vi.fn()} allowed={['text', 'number']} readOnly={false} hiddenKeys={hiddenKeys} />
    </IntlProvider>
  );
}

const keys = () => (screen.getAllByRole('textbox', { name: 'Nome' }) as HTMLInputElement[]).map((input) => input.value);

describe('map editor', () => {
  it('drops from its rows the keys that become edited elsewhere after it opened (definitions loaded later)', () => {
    const { rerender } = render(editor(new Set()));
    expect(keys()).toEqual(['reparto', 'progressivo', 'extra']);
    rerender(editor(new Set(['reparto', 'progressivo'])));
    expect(keys()).toEqual(['extra']);
  });
});
