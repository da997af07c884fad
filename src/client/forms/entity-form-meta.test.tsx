import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { RawIntlProvider } from 'react-intl';
import { findKind } from '../../domain/kinds.ts';
import { DEVICE_METADATA_KEYS, type EntityJson } from '../../domain/entity.ts';
import { intl } from '../i18n/index.ts';
import { derivedSummary, RecordMeta } from './entity-form.tsx';

// A record created offline and kept on the device: the device's bookkeeping on its metadata, no server version yet.
const deviceRecord = {
  id: 'r', attributes: {}, relationships: {},
  metadata: { createdDateTime: '2026-11-29T23:11:00.000Z', lastUpdatedDateTime: '', unsent: 1, localSeq: 8, isDeleted: false, isArchived: false },
} as unknown as EntityJson;

describe('record metadata on the generic form', () => {
  it('leaves out the device’s bookkeeping (how many changes wait, the last one’s sequence)', () => {
    expect(DEVICE_METADATA_KEYS).toEqual(expect.arrayContaining(['unsent', 'localSeq']));
    expect(derivedSummary(findKind('equipmentChangeRequests')!, deviceRecord)).toEqual([]);
  });

  it('says when it was created, and «ultima modifica il» only with a date', () => {
    const meta = (metadata: Record<string, unknown>) => renderToStaticMarkup(<RawIntlProvider value={intl}><RecordMeta metadata={metadata as EntityJson['metadata']} /></RawIntlProvider>);
    const unsent = meta(deviceRecord.metadata);
    expect(unsent).toContain('Creato il 30/11/26, 00:11');
    expect(unsent).not.toContain('ultima modifica');
    expect(meta({ ...deviceRecord.metadata, lastUpdatedDateTime: '2026-11-30T08:00:00.000Z' })).toContain('ultima modifica il 30/11/26, 09:00');
  });
});
