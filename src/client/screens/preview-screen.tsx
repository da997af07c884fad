/** /preview/{entity}/{id}: any record of any kind in the generic form (the kinds without a SPEC detail route open here). */
import { findKind } from '../../domain/kinds.ts';
import { EntityForm } from '../forms/entity-form.tsx';
import { NotFound } from './index.tsx';

export default function PreviewScreen({ type, id }: { type: string; id: string }) {
  if (!findKind(type)) return <NotFound url={`/preview/${type}/${id}`} />;
  return (
    <section className="screen screen-preview">
      <EntityForm type={type} id={id} />
    </section>
  );
}
