/**
 * Files and printed documents: the provider's logo and document models, report headings, and the
 * media trees of some customers. The bytes are not part of the demo: rows describe files only.
 */
import type { SeedContext, SeedItem } from '../seed-context.ts';
import { vatCheckDigit } from './codes.ts';
import { DEMO_DOMAIN } from './demo-users.ts';
import { chance, int, slug } from './util.ts';
import { certificateTemplate, controlRegisterTemplate, interventionReportTemplate, orderConfirmationTemplate, quotationTemplate } from './document-templates.ts';

/** The provider's own VAT number, fixed so printed headings never change. */
const PROVIDER_VAT = `0123456015${vatCheckDigit('0123456015')}`;
const PROVIDER_NAME = 'Sicurezza Demo Servizi Srl';

export async function seedDocuments(ctx: SeedContext): Promise<Record<string, number>> {
  const [logoId, quotationDocId, certificateDocId] = await ctx.insert('media', [
    { attributes: { nodeKind: 'media', type: 'picture', name: 'Logo Sicurezza Demo.png', mimeType: 'image/png', extension: 'png', bytesCount: 48_213, meta: { width: 600, height: 180 } } },
    { attributes: { nodeKind: 'media', type: 'document', name: 'Modello preventivo.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx', bytesCount: 35_870, meta: {} } },
    { attributes: { nodeKind: 'media', type: 'document', name: 'Modello attestato.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx', bytesCount: 29_411, meta: {} } },
  ]);
  const templateDocs = await ctx.insert('templateDocs', [
    { attributes: { type: 'quotation', name: 'Preventivo standard', body: quotationTemplate, isDefault: true }, relationships: { mediaId: quotationDocId } },
    { attributes: { type: 'quotation', name: 'Preventivo con condizioni di contratto quadro', body: `${quotationTemplate}\n\nAllegato: condizioni generali del contratto quadro.`, isDefault: false } },
    { attributes: { type: 'courseCertificate', name: 'Attestato di formazione', body: certificateTemplate, isDefault: true }, relationships: { mediaId: certificateDocId } },
    { attributes: { type: 'interventionReport', name: 'Rapporto di intervento', body: interventionReportTemplate, isDefault: true } },
    { attributes: { type: 'controlRegister', name: 'Registro dei controlli (DM 1/9/2021)', body: controlRegisterTemplate, isDefault: true } },
    { attributes: { type: 'orderConfirmation', name: 'Conferma d’ordine', body: orderConfirmationTemplate, isDefault: true } },
  ]);
  const addressLines = ['Via dell’Industria 24, 20121 Milano (MI)', 'www.demo.sicurezza.it'];
  const heading = { companyName: PROVIDER_NAME, addressLines, vatNumber: PROVIDER_VAT, phoneNumber: '02 87654321', email: `info@${DEMO_DOMAIN}` };
  const reportHeadings = await ctx.insert('reportHeadings', [
    { attributes: { title: 'Intestazione generale', ...heading, footer: 'Capitale sociale € 100.000 i.v. – Registro imprese di Milano', isDefault: true }, relationships: { logoMediaId: logoId } },
    { attributes: { title: 'Rapporti di intervento antincendio', ...heading, module: 'fire', footer: 'Manutenzione eseguita secondo UNI 9994-1 e UNI 671-3', isDefault: true }, relationships: { logoMediaId: logoId } },
    { attributes: { title: 'Attestati di formazione', ...heading, module: 'edu', footer: 'Soggetto formatore accreditato', isDefault: true }, relationships: { logoMediaId: logoId } },
  ]);
  return { media: 3, templateDocs: templateDocs.length, reportHeadings: reportHeadings.length };
}

const folderNames = ['Documenti', 'Certificati', 'Verbali di intervento', 'Planimetrie'];
const fileKinds = [
  { name: 'DVR aggiornato', ext: 'pdf', mime: 'application/pdf', type: 'document' },
  { name: 'Certificato prevenzione incendi', ext: 'pdf', mime: 'application/pdf', type: 'document' },
  { name: 'Registro antincendio', ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', type: 'document' },
  { name: 'Planimetria piano terra', ext: 'jpg', mime: 'image/jpeg', type: 'picture' },
  { name: 'Foto ingresso', ext: 'jpg', mime: 'image/jpeg', type: 'picture' },
  { name: 'Verbale di sopralluogo', ext: 'pdf', mime: 'application/pdf', type: 'document' },
] as const;

/** Media trees of the customers flagged with one (folders and a few files), built after the customers. */
export async function seedCustomerMedia(ctx: SeedContext, customerIds: string[]): Promise<number> {
  const items: SeedItem[] = [];
  for (const customerId of customerIds) {
    for (const folder of folderNames.slice(0, int(ctx, 2, 4))) {
      const folderId = ctx.uuid();
      items.push({ id: folderId, attributes: { nodeKind: 'folder', name: folder, meta: {} }, relationships: { customerId } });
      for (let n = int(ctx, 0, 3); n > 0; n--) {
        const file = ctx.pick(fileKinds);
        const year = Number(ctx.referenceDay.slice(0, 4)) - int(ctx, 0, 3);
        items.push({
          attributes: {
            nodeKind: 'media', type: file.type, name: `${file.name} ${year}.${file.ext}`, mimeType: file.mime, extension: file.ext,
            bytesCount: int(ctx, 40_000, 4_000_000), parentId: folderId, storedFileName: `${slug(file.name)}-${year}.${file.ext}`,
            meta: file.type === 'picture' && chance(ctx, 0.8) ? { width: 1600, height: 1200 } : {},
          },
          relationships: { customerId },
        });
      }
    }
  }
  await ctx.insert('media', items);
  return items.length;
}
