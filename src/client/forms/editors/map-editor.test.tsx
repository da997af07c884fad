// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import forms from '../../i18n/messages/forms.ts';
import { namedCharacteristics } from '../../../domain/entities/equipments.ts';
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

  it('shows a characteristic the product names by its Italian name, not as a key to edit; the user’s own keys stay editable', () => {
    const onChange = vi.fn();
    const characteristics = { caricaLitri: 6, agenteEstinguente: 'Schiuma AFFF', colore: 'Rosso' };
    render(
      <IntlProvider locale="it" messages={forms}>
        <MapEditor label="Caratteristiche" value={characteristics} onChange={onChange} allowed={['text', 'number', 'boolean']} readOnly={false} namedKeys={new Set(namedCharacteristics)} />
      </IntlProvider>,
    );
    // Only the user's own key is an editable name.
    expect(keys()).toEqual(['colore']);
    const labels = [...document.querySelectorAll('.form-map-key-label')].map((label) => label.textContent);
    expect(labels).toEqual(['Carica (litri)', 'Agente estinguente']);
    // The controls are named in Italian too, never by the raw key.
    expect(screen.getByRole('combobox', { name: 'Tipo di Carica (litri)' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Valore di Agente estinguente' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rimuovi Carica (litri)' })).toBeTruthy();
    const named = [...document.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label')).join(' | ');
    expect(named).not.toMatch(/caricaLitri|agenteEstinguente/);
    expect((screen.getAllByRole('textbox') as HTMLInputElement[]).map((input) => input.value)).not.toContain('caricaLitri');
    // The stored keys do not change: editing a named row's value keeps its key.
    fireEvent.change(screen.getByRole('textbox', { name: 'Valore di Agente estinguente' }), { target: { value: 'Polvere ABC' } });
    expect(onChange).toHaveBeenLastCalledWith({ caricaLitri: 6, agenteEstinguente: 'Polvere ABC', colore: 'Rosso' });
  });

  it('keeps a row the user adds editable even when its key becomes a named one', () => {
    render(
      <IntlProvider locale="it" messages={forms}>
        <MapEditor label="Caratteristiche" value={{}} onChange={vi.fn()} allowed={['text']} readOnly={false} namedKeys={new Set(namedCharacteristics)} />
      </IntlProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Aggiungi valore' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome' }), { target: { value: 'caricaKg' } });
    expect(keys()).toEqual(['caricaKg']);
  });
});
