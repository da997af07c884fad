/**
 * What a field editor may read besides its own value: the record it belongs to (an equipment's
 * additional data needs its customer and family; a reminder's record needs its kind), and the
 * values a new-record tab was opened with (`/preview/quotationProducts/new?relationships.quotationId=…`).
 */
import { createContext, useContext, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import type { EntityShape } from '../../../domain/kind.ts';
import { TabIdContext, tabDocumentsAtom } from '../../workspace/tab-context.ts';
import { workspaceAtom } from '../../workspace/workspace-state.ts';

/** The record being edited (the draft): a form provides it around its fields. */
export const FormRecordContext = createContext<EntityShape | undefined>(undefined);

/** The record around a field: the form's draft when provided, else the record the tab shows (its stored version). */
export function useFormRecord(): EntityShape | undefined {
  const fromForm = useContext(FormRecordContext);
  const tabId = useContext(TabIdContext);
  const documents = useAtomValue(tabDocumentsAtom);
  return fromForm ?? (tabId !== undefined ? documents[tabId]?.entity : undefined);
}

/** Entity paths a new record may be preset with through its URL (relations and plain attributes, no metadata). */
const PRESET_PATH = /^(relationships|attributes)\.[A-Za-z0-9_]+$/;
export const isPresetPath = (path: string): boolean => PRESET_PATH.test(path);

/** The values a new-record URL carries in its query: `?relationships.quotationId=…` → `{ 'relationships.quotationId': '…' }`. */
export function presetOf(url: string): Record<string, string> {
  const query = url.split('#', 1)[0]!.split('?')[1];
  if (!query) return {};
  const preset: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query)) if (PRESET_PATH.test(key) && value) preset[key] = value;
  return preset;
}

/** A new-record URL (`…/new`) with the values it starts with. */
export function withPreset(newRecordUrl: string, preset: Record<string, string>): string {
  const query = new URLSearchParams(Object.entries(preset).filter(([key, value]) => PRESET_PATH.test(key) && value)).toString();
  return query ? `${newRecordUrl}${newRecordUrl.includes('?') ? '&' : '?'}${query}` : newRecordUrl;
}

/** The values this tab's new-record URL presets ({} when the tab does not show a new record). */
export function useNewRecordPreset(): Record<string, string> {
  const tabId = useContext(TabIdContext);
  const workspace = useAtomValue(workspaceAtom);
  const url = tabId === undefined ? undefined : workspace.tabs.find((tab) => tab.id === tabId)?.url;
  return useMemo(() => {
    // The id segment of a record that does not exist yet is `new` (entity-form's NEW_ID).
    if (!url || !/\/new$/.test(url.split(/[?#]/, 1)[0]!)) return {};
    return presetOf(url);
  }, [url]);
}
