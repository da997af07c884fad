/**
 * Benchmark page: 10,000 palette items in our palette (`PaletteView`: cmdk with our ranking and a
 * render limit) or in stock cmdk (every item a `Command.Item`, cmdk's own filter), chosen by the
 * URL hash. Ctrl+K opens; the run script measures with the Event Timing API.
 */
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Command } from 'cmdk';
import { PaletteView } from '../../src/client/palette/palette-view.tsx';
import type { PaletteItem } from '../../src/client/palette/palette-items.ts';

const words = ['Preventivo', 'Ordine', 'Intervento', 'Cliente', 'Attrezzatura', 'Estintore', 'Manutenzione', 'Idrante', 'Corso', 'Fornitore', 'Scadenza', 'Impianto', 'Verifica', 'Listino', 'Sede'];
const cities = ['Milano', 'Torino', 'Brescia', 'Bergamo', 'Verona', 'Padova', 'Bologna', 'Genova', 'Asti', 'Lumezzane'];
const groups = ['Vai a', 'Record', 'Schede', 'Documento attivo'];

export const ITEM_COUNT = 10_000;
const items: PaletteItem[] = Array.from({ length: ITEM_COUNT }, (_, i) => ({
  id: `item-${i}`,
  title: `${words[i % words.length]} ${words[(i * 7) % words.length]!.toLowerCase()} ${cities[(i * 3) % cities.length]} ${i}`,
  group: groups[i % groups.length]!,
  keywords: [`PRV-2026-${String(i).padStart(5, '0')}`],
  run: () => undefined,
}));

function useOpenOnCtrlK(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'k' && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        setOpen((value) => !value);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return [open, setOpen];
}

function Ours() {
  const [open, setOpen] = useOpenOnCtrlK();
  const [search, setSearch] = useState('');
  return (
    <PaletteView open={open} onOpenChange={setOpen} items={items} search={search} onSearchChange={setSearch} label="Palette" placeholder="Cerca" empty="Nessun risultato" />
  );
}

function Stock() {
  const [open, setOpen] = useOpenOnCtrlK();
  return (
    <Command.Dialog open={open} onOpenChange={setOpen} label="Palette" contentClassName="palette">
      <Command.Input placeholder="Cerca" />
      <Command.List className="palette-list">
        <Command.Empty>Nessun risultato</Command.Empty>
        {groups.map((group) => (
          <Command.Group key={group} heading={group}>
            {items
              .filter((item) => item.group === group)
              .map((item) => (
                <Command.Item key={item.id} value={item.title} keywords={item.keywords}>
                  {item.title}
                </Command.Item>
              ))}
          </Command.Group>
        ))}
      </Command.List>
    </Command.Dialog>
  );
}

createRoot(document.getElementById('root')!).render(location.hash === '#stock' ? <Stock /> : <Ours />);
(window as unknown as { benchReady: boolean }).benchReady = true;
