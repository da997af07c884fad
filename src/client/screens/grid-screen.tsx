/**
 * A list route: the kind's grid, its view kept in the tab URL, columns remembered per user. Also the
 * grids inside a record (a quotation's lines): their own default columns, and "Nuovo" (button or
 * `n` in the grid) opening a new child record in a tab with the parent relation filled.
 */
import { useCallback, useMemo, useState } from 'react';
import { findKind } from '../../domain/kinds.ts';
import { mayCreate } from '../../domain/create-ability.ts';
import type { KindDefinition } from '../../domain/kind.ts';
import { DataGrid } from '../grid/data-grid.tsx';
import { childColumnIds } from '../grid/columns.ts';
import { kindModule } from '../kinds/index.ts';
import { useUserSetting } from '../settings/index.ts';
import { useIsActiveTab, useOpenTab, useTabTitle, useTabUrl } from '../workspace/tab-context.ts';
import { tabLabel } from '../workspace/tab-label.ts';
import { fillParams } from './screen-table.ts';
import { matchRoute, recordTabUrl, routeRecord } from '../../domain/routes.ts';
import { useQuery } from '@tanstack/react-query';
import { recordKey, records } from '../data/records.ts';
import { useSession } from '../session/session.tsx';
import { NEW_ID } from '../forms/entity-form.tsx';
import { isPresetPath, withPreset } from '../forms/editors/form-record.ts';
import { useIntl } from 'react-intl';

/**
 * The values a new record made from a filtered grid starts with: each fixed `filter[name]` of a
 * list field under attributes or relationships (a quotation's lines → `relationships.quotationId`).
 */
export function presetFromFilters(kind: KindDefinition, fixed: Record<string, string>): Record<string, string> {
  const preset: Record<string, string> = {};
  for (const [key, value] of Object.entries(fixed)) {
    const name = /^filter\[(.+)\]$/.exec(key)?.[1];
    const field = name ? kind.fields[name] : undefined;
    if (field && (field.type === 'uuid' || field.type === 'text') && isPresetPath(field.path) && value) preset[field.path] = value;
  }
  return preset;
}

/** The URL of a new record of `kind` with the grid's fixed filters as its preset. */
export function newRecordUrl(kind: KindDefinition, fixed: Record<string, string>): string {
  return withPreset(recordTabUrl(kind.type, NEW_ID), presetFromFilters(kind, fixed));
}

interface Props {
  spec: { type: string; fixed?: Record<string, string>; columns?: string[]; gridId?: string };
  params: Record<string, string>;
}

export default function GridScreen({ spec, params }: Props) {
  const intl = useIntl();
  const kind = findKind(spec.type);
  const [url, replaceUrl] = useTabUrl();
  const openTab = useOpenTab();
  const active = useIsActiveTab();
  const { ability } = useSession();
  const fixed = useMemo(() => fillParams(spec.fixed ?? {}, params), [spec.fixed, params]);
  const title = kind ? kind.label.plural : spec.type;
  const Summary = kindModule(spec.type).gridSummary;
  const owner = usePageOwner(url);
  // A list on a page about a record (a customer's deadlines) is titled by that record: the tab says «Scadenze Antincendio · <customer>».
  useTabTitle(owner === undefined ? title : owner.name);
  // The heading says what the tab says («Attrezzature Antincendio · Capizzi Cristina»), not «Attrezzature · filtrato».
  const heading = owner === undefined ? `${title}${fixedSummary(fixed, intl.formatMessage({ id: 'grid.fixed' }))}` : tabLabel({ url, title: owner.name });
  const onCreate = useMemo(() => (kind && mayCreate(ability, kind.subject, presetFromFilters(kind, fixed)) ? () => openTab(newRecordUrl(kind, fixed)) : undefined), [kind, ability, openTab, fixed]);
  return (
    <section className="screen screen-grid" aria-label={title}>
      <h1 className="screen-title">{heading}</h1>
      {Summary && <Summary url={url} onUrlChange={replaceUrl} fixed={fixed} />}
      <RememberedGrid type={spec.type} url={url} onUrlChange={replaceUrl} fixed={fixed} openTab={openTab} label={title} autoFocus={active} onCreate={onCreate} exportTabUrl={url}
        {...(spec.columns ? { defaultColumns: spec.columns } : {})} {...(spec.gridId ? { gridId: spec.gridId } : {})} />
    </section>
  );
}

/** The record the route's page is about (a customer's deadlines: the customer) and its name once read; undefined for other routes. */
function usePageOwner(url: string): { name: string | undefined } | undefined {
  const match = matchRoute(url);
  const owner = match?.route.page ? routeRecord(match.route, match.params) : undefined;
  const ownerKind = owner && findKind(owner.type);
  const read = useQuery({
    queryKey: recordKey(owner?.type ?? '', owner?.id ?? ''),
    queryFn: ({ signal }) => records.get(owner!.type, owner!.id, signal),
    enabled: Boolean(owner && ownerKind),
  });
  if (!owner || !ownerKind) return undefined;
  return { name: read.data ? ownerKind.title(read.data) || undefined : undefined };
}

function fixedSummary(fixed: Record<string, string>, word: string): string {
  return Object.keys(fixed).some((k) => k.startsWith('filter[isPerson]')) || Object.keys(fixed).length === 0 ? '' : ` · ${word}`;
}

/** A grid whose column choice is the user's setting `gridColumns[gridId]`. */
export function RememberedGrid(props: Omit<Parameters<typeof DataGrid>[0], 'rememberedColumns' | 'onColumnsChange'> & { gridId?: string }) {
  const [remembered, setRemembered] = useUserSetting('gridColumns', {});
  const gridId = props.gridId ?? props.type;
  const onColumnsChange = useCallback((ids: string[]) => setRemembered({ ...remembered, [gridId]: ids }), [remembered, setRemembered, gridId]);
  return <DataGrid {...props} rememberedColumns={remembered[gridId]} onColumnsChange={onColumnsChange} />;
}

/**
 * A grid inside another screen (a quotation's lines, a customer's price lists): its view lives in
 * the component, not the URL; its default columns are the child's own (any attribute, derived
 * totals), and "Nuovo" opens a new child in a tab with the parent relation filled. Rows open in tabs.
 * «Esporta» on the record's tab downloads this grid's view (one grid is shown per tab section).
 */
export function EmbeddedGrid({ type, fixed, label, createLabel, creates = true }: { type: string; fixed: Record<string, string>; label: string; createLabel?: string | undefined; creates?: boolean }) {
  const kind = findKind(type);
  const [url, setUrl] = useState(`/embedded/${type}`);
  const openTab = useOpenTab();
  const [tabUrl] = useTabUrl();
  const { ability } = useSession();
  const fixedIds = useMemo(() => new Set(Object.keys(fixed).map((k) => k.replace(/^filter\[|\]$/g, ''))), [fixed]);
  const defaultColumns = useMemo(() => (kind ? childColumnIds(kind, fixedIds, kindModule(type).childColumns) : undefined), [kind, type, fixedIds]);
  // `creates: false` where the filter is no relation a new row could be given (a supplier's products, by their suppliers' list).
  const onCreate = useMemo(() => (creates && kind && mayCreate(ability, kind.subject, presetFromFilters(kind, fixed)) ? () => openTab(newRecordUrl(kind, fixed)) : undefined), [creates, kind, ability, openTab, fixed]);
  return (
    <RememberedGrid type={type} url={url} onUrlChange={setUrl} fixed={fixed} openTab={openTab} label={label} gridId={`${type}.embedded`} defaultColumns={defaultColumns} onCreate={onCreate} createLabel={createLabel} exportTabUrl={tabUrl} />
  );
}
