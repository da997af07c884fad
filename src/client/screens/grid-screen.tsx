/** A list route: the kind's grid, its view kept in the tab URL, columns remembered per user. */
import { useCallback, useMemo, useState } from 'react';
import { findKind } from '../../domain/kinds.ts';
import { DataGrid } from '../grid/data-grid.tsx';
import { useUserSetting } from '../settings/index.ts';
import { useIsActiveTab, useOpenTab, useTabTitle, useTabUrl } from '../workspace/tab-context.ts';
import { fillParams } from './screen-table.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { useSession } from '../session/session.tsx';
import { NEW_ID } from '../forms/entity-form.tsx';
import { useIntl } from 'react-intl';

interface Props {
  spec: { type: string; fixed?: Record<string, string> };
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
  useTabTitle(title);
  return (
    <section className="screen screen-grid" aria-label={title}>
      <h1 className="screen-title">{title}{fixedSummary(fixed, intl.formatMessage({ id: 'grid.fixed' }))}</h1>
      <RememberedGrid
        type={spec.type}
        url={url}
        onUrlChange={replaceUrl}
        fixed={fixed}
        openTab={openTab}
        label={title}
        autoFocus={active}
        onCreate={kind && ability.can('create', kind.subject) ? () => openTab(recordTabUrl(kind.type, NEW_ID)) : undefined}
      />
    </section>
  );
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

/** A grid inside another screen (a customer's price lists): its view lives in the component, not the URL. */
export function EmbeddedGrid({ type, fixed, label }: { type: string; fixed: Record<string, string>; label: string }) {
  const [url, setUrl] = useState(`/embedded/${type}`);
  const openTab = useOpenTab();
  return <RememberedGrid type={type} url={url} onUrlChange={setUrl} fixed={fixed} openTab={openTab} label={label} gridId={`${type}.embedded`} />;
}
