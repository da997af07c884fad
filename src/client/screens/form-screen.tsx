/** A detail route: the generic entity form, and below it the rows that belong to it when the route says so. */
import { FormattedMessage } from 'react-intl';
import { findKind } from '../../domain/kinds.ts';
import { EntityForm } from '../forms/entity-form.tsx';
import { EmbeddedGrid } from './grid-screen.tsx';
import { fillParams, type ScreenSpec } from './screen-table.ts';
import { CustomerLinks } from './customer-links.tsx';
import { OrderWizard } from './order-wizard.tsx';
import { NEW_ID } from '../forms/entity-form.tsx';

type FormSpec = Extract<ScreenSpec, { screen: 'form' }>;

export default function FormScreen({ spec, params }: { spec: FormSpec; params: Record<string, string> }) {
  const id = params[spec.idParam] ?? '';
  const below = spec.below;
  const belowKind = below ? findKind(below.type) : undefined;
  // A new order is made with the SPEC §2 wizard rather than the bare form.
  if (spec.type === 'orders' && id === NEW_ID) return <section className="screen screen-form"><OrderWizard /></section>;
  return (
    <section className="screen screen-form">
      <EntityForm type={spec.type} id={id} only={spec.only} />
      {spec.type === 'customers' && !spec.only && id !== NEW_ID && <CustomerLinks id={id} />}
      {below && belowKind && id !== NEW_ID && (
        <section className="screen-below" aria-label={belowKind.label.plural}>
          <h2><FormattedMessage id="screens.below" values={{ name: belowKind.label.plural }} /></h2>
          <EmbeddedGrid type={below.type} fixed={fillParams(below.fixedFrom, params)} label={belowKind.label.plural} />
        </section>
      )}
    </section>
  );
}
