/**
 * The price list editor (`/marketing/commercialOffers/{customerId}/priceList/{id}`, and the general
 * and zone lists at `/preview/priceLists/{id}`): a view over the record controller. The header says
 * whose list it is and its validity; the rows (`attributes.items`) are a virtualized grid with search,
 * sort, selection, a change by % of the chosen rows, CSV export and import (domain
 * `rules/price-list-rows.ts`). Everything is saved in one write with the list's version (409 as the
 * generic form). SPEC §8 PRODUCT_ALREADY_EXISTS_IN_PRICE_LIST shows on the repeated row, from the
 * kind's own rule before saving and from the server's answer after.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { priceListKeys, registerPriceListEditor } from '../../../commands/price-lists.ts';
import { registerExportTarget } from '../../../commands/export.ts';
import { useTabUrl } from '../workspace/tab-context.ts';
import { downloadBlob } from '../shell/download.ts';
import { formatSequence } from '../../../commands/keys.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { type KindDefinition } from '../../domain/kind.ts';
import {
  changePricesByPercent, formatPriceListCsv, mergeImportedRows, MIN_BULK_PERCENT, parseItalianDecimal, parsePriceListCsv, type CsvLineError, type PriceListRow,
} from '../../domain/rules/price-list-rows.ts';
import { records } from '../data/index.ts';
import { productRemovalFailure } from '../data/records.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { showConflict } from '../forms/conflict.tsx';
import { formatDate } from '../forms/format.ts';
import { RecordFields, RecordFrame, RecordLoader, useRecordDocument } from '../forms/record-frame.tsx';
import { ReferencePicker } from '../forms/reference-picker.tsx';
import { useEntityTitle } from '../forms/references.ts';
import { kindSections } from '../forms/schema-fields.ts';
import { addMessages } from '../i18n/index.ts';
import priceListMessages from '../i18n/messages/price-lists.ts';
import { AppLink } from '../shell/app-link.tsx';
import { CommandButton } from '../shell/command-button.tsx';
import { loadProducts, productInfo, productsByCode, rememberProduct, useProductCatalogue } from './product-catalogue.ts';
import { PriceListRows, rowsView, type RowsHandle, type RowsSort } from './price-list-rows.tsx';

addMessages(priceListMessages);

const HEADER_PATHS = ['attributes.code', 'attributes.name', 'attributes.validFrom', 'attributes.validTo', 'attributes.isDefault', 'attributes.description'] as const;
const TOOLBAR = ['record.save', 'record.discard', 'record.history'] as const;
const ROW_COMMANDS = ['priceList.addRow', 'priceList.percent', 'priceList.remove', 'view.export', 'priceList.importCsv'] as const;
const ITEM_PATH = /^attributes\.items\.(\d+)(\.|$)/;
const itemProducts = (entity: EntityJson) => ((entity.attributes.items as PriceListRow[] | undefined) ?? []).map((item) => item.productId);
/** A save that drops products of the stored list fails as «Errore durante la rimozione del prodotto» (SPEC §8). */
const priceListSaveFailure = (loaded: EntityJson, draft: EntityJson) => productRemovalFailure(itemProducts(loaded), itemProducts(draft));

export function PriceListEditor({ id }: { id: string }) {
  const controller = useRecordController('priceLists', id, { resolveConflict: showConflict, saveFailure: priceListSaveFailure });
  return <RecordLoader controller={controller}>{(record) => <LoadedPriceList {...record} />}</RecordLoader>;
}

/** Whose list it is: a customer's, a commercial zone's, or the general one. */
function Scope({ entity }: { entity: EntityJson }) {
  const customerId = typeof entity.relationships.customerId === 'string' ? entity.relationships.customerId : undefined;
  const zoneId = typeof entity.relationships.commercialZoneId === 'string' ? entity.relationships.commercialZoneId : undefined;
  const customer = useEntityTitle(customerId ? 'customers' : undefined, customerId);
  const zone = useEntityTitle(zoneId && !customerId ? 'commercialZones' : undefined, zoneId);
  if (customerId) {
    return <AppLink href={`/marketing/commercialOffers/${encodeURIComponent(customerId)}`}><FormattedMessage id="priceLists.scope.customer" values={{ name: customer || '…' }} /></AppLink>;
  }
  if (zoneId) return <FormattedMessage id="priceLists.scope.zone" values={{ name: zone || '…' }} />;
  return <FormattedMessage id={entity.attributes.isDefault ? 'priceLists.scope.general' : 'priceLists.scope.other'} />;
}


function LoadedPriceList({ kind, controller, stored, draft }: { kind: KindDefinition; controller: RecordController; stored: EntityJson; draft: EntityJson }) {
  const intl = useIntl();
  const searchRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const rowsRef = useRef<RowsHandle | null>(null);
  const { locked } = controller;
  const title = kind.title(stored) || kind.label.singular;
  const code = String(draft.attributes.code ?? stored.attributes.code ?? 'listino');
  const doc = useRecordDocument(kind, controller, stored, title);
  const sections = useMemo(() => kindSections(kind), [kind]);

  const items = useMemo(() => (draft.attributes.items as PriceListRow[] | undefined) ?? [], [draft.attributes.items]);
  const setItems = useCallback((next: PriceListRow[]) => controller.setField('attributes.items', next), [controller]);
  const productIds = useMemo(() => items.map((item) => item.productId), [items]);
  const knownProducts = useProductCatalogue(productIds);

  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<RowsSort | null>(null);
  // Search and sort read product codes and names: the view is recomputed as they arrive.
  const view = useMemo(() => rowsView(items, search, sort), [items, search, sort, knownProducts]); // eslint-disable-line react-hooks/exhaustive-deps
  const [selectedCount, setSelectedCount] = useState(0);
  const [adding, setAdding] = useState(false);
  const [percent, setPercent] = useState<{ text: string; error: boolean; count: number } | null>(null);
  const [notice, setNotice] = useState('');
  const [importErrors, setImportErrors] = useState<{ file: string; errors: CsvLineError[] } | null>(null);

  // Problems on the rows: the kind's rule (a repeated product) at once, the server's after a save.
  const problems = useMemo(() => {
    const byRow = new Map<number, string>();
    for (const [path, message] of controller.allErrors) {
      const match = ITEM_PATH.exec(path);
      if (match && !byRow.has(Number(match[1]))) byRow.set(Number(match[1]), message);
    }
    return byRow;
  }, [controller.allErrors]);
  const otherErrors = [...controller.errors].filter(([path]) => path.startsWith('attributes.items') && !ITEM_PATH.test(path));

  const editable = !locked && controller.access.canEdit('attributes.items');
  const chosenCount = () => rowsRef.current?.chosen().length ?? 0;

  const exportCsv = useCallback(async () => {
    await loadProducts(items.map((item) => item.productId));
    const rows = items.map((item) => {
      const product = productInfo(item.productId);
      return { code: product?.code ?? item.productId, name: product?.name ?? '', price: item.price, discountPercent: item.discountPercent };
    });
    const file = `${code}.csv`;
    downloadBlob(new Blob([formatPriceListCsv(rows)], { type: 'text/csv;charset=utf-8' }), file);
    setNotice(intl.formatMessage({ id: 'priceLists.export.done' }, { count: rows.length, file }));
  }, [items, code, intl]);

  const importFile = async (file: File) => {
    setImportErrors(null);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
    } catch {
      setImportErrors({ file: file.name, errors: [{ line: 1, message: intl.formatMessage({ id: 'priceLists.import.unreadable' }) }] });
      return;
    }
    const parsed = parsePriceListCsv(text);
    const byCode = await productsByCode(parsed.rows.map((row) => row.code));
    const merged = mergeImportedRows(items, parsed.rows, (value) => byCode.get(value)?.id);
    const errors = [...parsed.errors, ...merged.errors].sort((a, b) => a.line - b.line);
    if (errors.length > 0 || !('items' in merged)) {
      setImportErrors({ file: file.name, errors });
      setNotice(intl.formatMessage({ id: 'priceLists.import.failed' }, { file: file.name, count: new Set(errors.map((e) => e.line)).size }));
      return;
    }
    setItems(merged.items);
    setNotice(intl.formatMessage({ id: 'priceLists.import.done' }, { file: file.name, updated: merged.updated, added: merged.added }));
  };

  const applyPercent = () => {
    if (!percent) return;
    const value = parseItalianDecimal(percent.text.replace(/%$/, ''));
    const chosen = rowsRef.current?.chosen() ?? [];
    if (value === undefined || value < MIN_BULK_PERCENT || chosen.length === 0) {
      setPercent({ ...percent, error: true });
      return;
    }
    setItems(changePricesByPercent(items, chosen, value));
    setPercent(null);
    setNotice(intl.formatMessage({ id: 'priceLists.percent.done' }, { count: chosen.length, percent: percent.text.replace(/%$/, '').trim() }));
    rowsRef.current?.focus();
  };

  const addProduct = async (productId: string | null) => {
    if (!productId) return;
    const product = rememberProduct(await records.get('products', productId));
    const index = items.length;
    setItems([...items, { productId, price: product.listPrice ?? 0 }]);
    setAdding(false);
    setSearch('');
    setNotice(intl.formatMessage({ id: 'priceLists.add.added' }, { code: product.code }));
    // The new row is in the view once the draft has it: its price is edited then (the effect below).
    pendingEdit.current = index;
  };
  const pendingEdit = useRef<number | null>(null);
  useEffect(() => {
    const index = pendingEdit.current;
    if (index === null || !view.includes(index)) return;
    pendingEdit.current = null;
    rowsRef.current?.editPrice(index);
  }, [view]);

  // The editor's commands (commands/price-lists.ts) act on this editor while it is shown.
  const live = useRef({ editable, items, exportCsv });
  useLayoutEffect(() => {
    live.current = { editable, items, exportCsv };
  });
  useEffect(() => registerPriceListEditor(stored.id, {
    get editable() {
      return live.current.editable;
    },
    chosenCount,
    rowCount: () => live.current.items.length,
    addRow: () => setAdding(true),
    askPercent: () => setPercent({ text: '', error: false, count: chosenCount() }),
    removeRows: () => {
      const chosen = new Set(rowsRef.current?.chosen() ?? []);
      if (chosen.size === 0) return;
      setItems(live.current.items.filter((_, index) => !chosen.has(index)));
      rowsRef.current?.clearSelection();
      setNotice(intl.formatMessage({ id: 'priceLists.removed' }, { count: chosen.size }));
    },
    focusSearch: () => searchRef.current?.focus(),
    importCsv: () => fileRef.current?.click(),
  }), [stored.id, setItems, intl]);
  // «Esporta» (Alt+E) of this tab: the rows as the price-list CSV, which the import reads back.
  const [tabUrl] = useTabUrl();
  useEffect(() => registerExportTarget(tabUrl, {
    run: () => void live.current.exportCsv(),
    available: () => live.current.items.length > 0 || { disabled: intl.formatMessage({ id: 'priceLists.export.empty' }) },
  }), [tabUrl, intl]);


  const validFrom = typeof stored.attributes.validFrom === 'string' ? formatDate(stored.attributes.validFrom) : intl.formatMessage({ id: 'priceLists.validity.open' });
  const validTo = typeof stored.attributes.validTo === 'string' ? formatDate(stored.attributes.validTo) : intl.formatMessage({ id: 'priceLists.validity.open' });

  return (
    <RecordFrame
      kind={kind}
      controller={controller}
      stored={stored}
      title={title}
      doc={doc}
      className="price-list-editor"
      toolbar={TOOLBAR}
      banners={<p className="price-list-scope"><Scope entity={stored} /> · <FormattedMessage id="priceLists.validity" values={{ from: validFrom, to: validTo }} /></p>}
      onEscape={(field) => {
        // Esc from the search, the new row or the % change goes back to the rows; from a header field, to the heading.
        const backToRows = field === searchRef.current || Boolean(adding) || Boolean(percent);
        if (adding) setAdding(false);
        if (percent) setPercent(null);
        if (backToRows) rowsRef.current?.focus();
        return backToRows;
      }}
    >
        <section className="form-section" aria-labelledby="price-list-header-title">
          <h2 id="price-list-header-title"><FormattedMessage id="priceLists.header" /></h2>
          <RecordFields sections={sections} paths={HEADER_PATHS} draft={draft} setField={controller.setField} errors={controller.errors} access={controller.access} locked={locked} />
        </section>
        <section className="form-section price-list-items" aria-labelledby="price-list-rows-title">
          <h2 id="price-list-rows-title"><FormattedMessage id="priceLists.rows.title" /></h2>
          <div className="entity-form-actions" role="toolbar" aria-label={intl.formatMessage({ id: 'priceLists.rows.title' })}>
            {ROW_COMMANDS.map((commandId) => <CommandButton key={commandId} commandId={commandId} document={doc} {...(commandId === 'view.export' ? { label: intl.formatMessage({ id: 'commands.priceList.exportCsv' }) } : {})} />)}
          </div>
          <p className="form-hint"><FormattedMessage id="priceLists.rows.hint" /></p>
          <label className="price-list-search">
            <FormattedMessage id="priceLists.search" />{' '}
            <input ref={searchRef} type="search" value={search} onChange={(event) => setSearch(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  rowsRef.current?.focus();
                }
              }} />
          </label>
          {adding && (
            <div className="price-list-add">
              <ReferencePicker label={intl.formatMessage({ id: 'priceLists.add.label' })} target="products" value={null} onChange={(productId) => void addProduct(productId)} />
              <AutoFocus selector=".price-list-add input" />
              <button type="button" onClick={() => setAdding(false)}><FormattedMessage id="priceLists.add.close" /></button>
            </div>
          )}
          {percent && (
            <div className="price-list-percent">
              <label>
                <FormattedMessage id="priceLists.percent.label" values={{ count: percent.count }} />{' '}
                <input autoFocus inputMode="decimal" value={percent.text} aria-invalid={percent.error || undefined} aria-describedby={percent.error ? 'price-list-percent-error' : undefined}
                  onChange={(event) => setPercent({ ...percent, text: event.target.value, error: false })}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      applyPercent();
                    }
                  }} />
              </label>
              <button type="button" onClick={applyPercent}><FormattedMessage id="priceLists.percent.apply" /></button>
              <button type="button" onClick={() => setPercent(null)}><FormattedMessage id="priceLists.percent.cancel" /></button>
              {percent.error && <p id="price-list-percent-error" className="form-error" role="alert"><FormattedMessage id="priceLists.percent.invalid" /></p>}
            </div>
          )}
          <input ref={fileRef} type="file" accept=".csv,text/csv" hidden aria-label={intl.formatMessage({ id: 'priceLists.import.file' })}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void importFile(file);
            }} />
          <p className="price-list-counts" aria-live="polite">
            <FormattedMessage id="priceLists.rows.counts" values={{ total: items.length, shown: view.length, selected: selectedCount }} />
            {knownProducts < new Set(productIds).size && <> · <FormattedMessage id="priceLists.rows.loadingProducts" values={{ known: knownProducts, total: new Set(productIds).size }} /></>}
          </p>
          <p className="price-list-notice" role="status">{notice}</p>
          {importErrors && (
            <div className="form-error price-list-import-errors" role="alert">
              <p><FormattedMessage id="priceLists.import.failed" values={{ file: importErrors.file, count: new Set(importErrors.errors.map((e) => e.line)).size }} /></p>
              <ul>{importErrors.errors.slice(0, 50).map((error, i) => <li key={i}><FormattedMessage id="priceLists.import.line" values={{ line: error.line, message: error.message }} /></li>)}</ul>
            </div>
          )}
          {otherErrors.map(([path, message]) => <p key={path} className="form-error" role="alert">{message}</p>)}
          <PriceListRows
            items={items}
            view={view}
            onChange={setItems}
            locked={!editable}
            problems={problems}
            label={intl.formatMessage({ id: 'priceLists.rows.label' }, { code })}
            sort={sort}
            onSort={setSort}
            onSelectionChange={setSelectedCount}
            handleRef={rowsRef}
            empty={<FormattedMessage id={items.length === 0 ? 'priceLists.rows.empty' : 'priceLists.rows.noMatch'} values={{ key: formatSequence(priceListKeys.addRow) }} />}
          />
          <p className="form-hint"><FormattedMessage id="priceLists.import.hint" /></p>
        </section>
    </RecordFrame>
  );
}

/** Focuses the first element matching `selector` once it is shown (the product picker of a new row). */
function AutoFocus({ selector }: { selector: string }) {
  useEffect(() => {
    document.querySelector<HTMLElement>(selector)?.focus();
  }, [selector]);
  return null;
}

