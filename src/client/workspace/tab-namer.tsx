/**
 * Names the tabs of records whose screens have not named them yet (issue 23 «titles say what they
 * are»): a tab opened in the background, or restored from the last session and not shown since, said
 * only «Cliente» or «Preventivo». Each such tab gets its record's name, read through the batched title
 * loader (one request per kind), as its title; the screen replaces it with its own once shown.
 */
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { matchRoute } from '../../domain/routes.ts';
import { useEntityTitle } from '../forms/references.ts';
import { recordOfUrl } from '../kinds/record-routes.ts';
import { dispatchWorkspace, type Tab } from './workspace-state.ts';

/** The record a tab without a title opens (its own page, not a page about it), or undefined. */
export function unnamedRecordOf(tab: Pick<Tab, 'url' | 'title'>): { type: string; id: string } | undefined {
  if (tab.title || !matchRoute(tab.url)?.route.opensRecord) return undefined;
  const record = recordOfUrl(tab.url);
  return record && record.id !== 'new' ? { type: record.type, id: record.id } : undefined;
}

function TabNamer({ tabId, type, id }: { tabId: string; type: string; id: string }) {
  const intl = useIntl();
  const title = useEntityTitle(type, id);
  const hidden = intl.formatMessage({ id: 'form.reference.hidden' });
  useEffect(() => {
    if (title && title !== hidden) dispatchWorkspace({ type: 'setTitle', id: tabId, title });
  }, [tabId, title, hidden]);
  return null;
}

export default function TabNamers({ tabs }: { tabs: readonly Pick<Tab, 'id' | 'url' | 'title'>[] }) {
  return tabs.map((tab) => {
    const record = unnamedRecordOf(tab);
    return record ? <TabNamer key={tab.id} tabId={tab.id} type={record.type} id={record.id} /> : null;
  });
}
