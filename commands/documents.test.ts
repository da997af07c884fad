import { describe, expect, it } from 'vitest';
import { documentCommands, previewUrl, registerDocumentViewer } from './documents.ts';
import { fakeContext } from './testing.ts';
import type { ActiveDocument } from './types.ts';
import type { Entity, EntityJson } from '../src/domain/entity.ts';

const entity = (id: string): EntityJson => ({ id, attributes: { code: 'PRV-2026-00042', date: '2026-03-01' }, metadata: { lastUpdatedDateTime: '2026-03-01T10:00:00.000Z' }, relationships: { customerId: 'c1' } }) as EntityJson;
const doc = (type: string, id = 'q1'): ActiveDocument => ({ type, id, entity: entity(id) });
const print = documentCommands.find((command) => command.id === 'document.print')!;
const download = documentCommands.find((command) => command.id === 'document.download')!;
const attach = documentCommands.find((command) => command.id === 'document.attach')!;

describe('document commands', () => {
  it('"Stampa PDF" is offered on records that print a document and opens their preview tab', () => {
    const { ctx, opened } = fakeContext({ permissions: [{ action: 'manage', subject: 'all' }], activeDocument: doc('quotations') });
    expect(print.keys).toEqual(['r s']);
    expect(print.when!(ctx)).toBe(true);
    void print.run(ctx);
    expect(opened).toEqual(['/preview/quotations/q1']);
    expect(download.when!(ctx)).toBe(false);
    expect(print.when!(fakeContext({ activeDocument: doc('products') }).ctx)).toBe(false);
  });

  it('in the preview tab the keys print and download the shown PDF (disabled until it is ready)', () => {
    const { ctx, opened } = fakeContext({ permissions: [{ action: 'manage', subject: 'all' }], activeDocument: doc('quotations') });
    (ctx.workspace as { activeUrl: string | undefined }).activeUrl = previewUrl('quotations', 'q1');
    const calls: string[] = [];
    let ready = false;
    const unregister = registerDocumentViewer('quotations', 'q1', { ready: () => ready, print: () => calls.push('print'), download: () => calls.push('download') });
    expect(print.when!(ctx)).toEqual({ disabled: expect.any(String) });
    ready = true;
    expect(print.when!(ctx)).toBe(true);
    void print.run(ctx);
    void download.run(ctx);
    expect(calls).toEqual(['print', 'download']);
    expect(opened).toEqual([]);
    unregister();
    expect(download.when!(ctx)).toBe(false);
  });

  it('"Allega il PDF al record" stores the document through the records provider and says whether it was there already', async () => {
    const stored = { id: 'm1', attributes: { name: 'PRV-2026-00042.pdf' }, metadata: {}, relationships: {} } as unknown as Entity;
    const answers = [{ data: stored, reused: false }, { data: stored, reused: true }];
    const { ctx, notices, recordCalls } = fakeContext({
      permissions: [{ action: 'manage', subject: 'all' }],
      activeDocument: doc('quotations'),
      records: { issueDocument: async () => answers.shift()! },
    });
    expect(attach.keys).toEqual(['r x']);
    expect(attach.when!(ctx)).toBe(true);
    await attach.run(ctx);
    await attach.run(ctx);
    expect(recordCalls.map((call) => [call.method, call.args[0]])).toEqual([['issueDocument', 'quotations'], ['issueDocument', 'quotations']]);
    expect(notices.map((n) => n.message)).toEqual([
      'commands.document.attached name=PRV-2026-00042.pdf title=PRV-2026-00042',
      'commands.document.alreadyAttached name=PRV-2026-00042.pdf title=PRV-2026-00042',
    ]);
  });

  it('is refused to who may only read the record, and waits for unsaved changes', () => {
    const reader = fakeContext({ permissions: [{ action: 'read', subject: 'quotation' }], activeDocument: doc('quotations') });
    expect(attach.when!(reader.ctx)).toEqual({ disabled: expect.any(String) });
    const dirty: ActiveDocument = { ...doc('quotations'), record: { dirty: true, creating: false, save: async () => undefined, discard: () => undefined, toggleHistory: () => undefined } };
    expect(attach.when!(fakeContext({ permissions: [{ action: 'manage', subject: 'all' }], activeDocument: dirty }).ctx)).toEqual({ disabled: expect.any(String) });
    expect(attach.when!(fakeContext({ permissions: [{ action: 'manage', subject: 'all' }], activeDocument: doc('products') }).ctx)).toBe(false);
  });
});
