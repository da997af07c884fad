/**
 * /preview/{entity}/{id}: the printed document of a record whose kind has one (DESIGN §4
 * "Documents": the PDF with print and download commands), else the record in the generic form
 * (the kinds without a SPEC detail route open here), or the kind's own editor (`screen.detail`). A kind whose only form is this route shows
 * its form under the document.
 */
import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { findKind } from '../../domain/kinds.ts';
import { documentForRecordType } from '../../domain/documents/placeholders.ts';
import { entityUrl } from '../../domain/routes.ts';
import { EntityForm, NEW_ID } from '../forms/entity-form.tsx';
import { RecordGate } from '../forms/record-gate.tsx';
import { kindModule } from '../kinds/index.ts';
import { lazyComponent } from '../lazy-component.ts';
import { NotFound } from './index.tsx';

const DocumentViewer = lazyComponent(() => import('../documents/document-viewer.tsx'));

export default function PreviewScreen({ type, id }: { type: string; id: string }) {
  if (!findKind(type)) return <NotFound url={`/preview/${type}/${id}`} />;
  const printable = Boolean(documentForRecordType(type));
  const ownForm = Boolean(entityUrl(type, id));
  // A kind's dedicated editor replaces the generic form of a stored record here too (document templates).
  const { screen } = kindModule(type);
  const Detail = id !== NEW_ID ? screen.detail : undefined;
  // …and its own screen for a new record (roles), as on the kind's own routes.
  const Create = id === NEW_ID ? screen.create : undefined;
  // …and what the kind shows under a stored record (a training site's rooms and equipment).
  const Below = id !== NEW_ID ? screen.below : undefined;
  // …and what it says above its form (SPEC §9 report headings warning).
  const Notice = screen.notice;
  const page = (
    <>
      {(!printable || !ownForm) && Notice && <Notice />}
      {printable && (
        <Suspense fallback={<p role="status"><FormattedMessage id="screens.loading" /></p>}>
          <DocumentViewer type={type} id={id} publish={ownForm} />
        </Suspense>
      )}
      {(!printable || !ownForm) && (Detail ? <Detail id={id} /> : Create ? <Create /> : <EntityForm type={type} id={id} />)}
      {(!printable || !ownForm) && Below && <Below id={id} />}
    </>
  );
  // A stored record is read once, first (forms/record-gate.tsx): a refused one says why in place of the page.
  return <section className="screen screen-preview"><RecordGate type={type} id={id} enabled={id !== NEW_ID}>{page}</RecordGate></section>;
}
