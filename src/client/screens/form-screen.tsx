/**
 * A detail route: the generic entity form (or the screen the kind's module puts in its place), the
 * record's other pages as links, and below it the rows that belong to it when the route says so.
 * What is specific to one kind comes from its module (`src/client/kinds/`).
 */
import { FormattedMessage } from 'react-intl';
import { findKind } from '../../domain/kinds.ts';
import { EntityForm, NEW_ID } from '../forms/entity-form.tsx';
import { RecordGate } from '../forms/record-gate.tsx';
import { kindModule } from '../kinds/index.ts';
import { RecordLinks } from '../kinds/record-links.tsx';
import { useSession } from '../session/session.tsx';
import { EmbeddedGrid } from './grid-screen.tsx';
import { fillParams, type ScreenSpec } from './screen-table.ts';

type FormSpec = Extract<ScreenSpec, { screen: 'form' }>;

export default function FormScreen({ spec, params }: { spec: FormSpec; params: Record<string, string> }) {
  const id = params[spec.idParam] ?? '';
  const creating = id === NEW_ID;
  const { screen } = kindModule(spec.type);
  const below = spec.below;
  if (creating && screen.create) {
    const Create = screen.create;
    return <section className="screen screen-form"><Create /></section>;
  }
  const Below = screen.below;
  const Notice = screen.notice;
  const Detail = !creating && !spec.only ? screen.detail : undefined;
  // A stored record is read once, first: a refused one says why in place of the page, and nothing under it
  // (an equipment's file, the rows below, the linked pages) asks again or shows itself empty. The same tree
  // for a new record, so the form stays mounted when its tab becomes the created record's.
  return (
    <section className="screen screen-form">
      <RecordGate type={spec.type} id={id} enabled={!creating}>
        {Notice && <Notice />}
        {Detail ? <Detail id={id} /> : <EntityForm type={spec.type} id={id} only={spec.only} />}
        {!creating && Below && <Below id={id} />}
        {!creating && <RecordLinks type={spec.type} id={id} />}
        {below && !creating && <RowsBelow type={below.type} fixed={fillParams(below.fixedFrom, params)} />}
      </RecordGate>
    </section>
  );
}

/**
 * The rows of `type` that belong to the record above (`fixed` names it), in an embedded grid whose
 * "Nuovo" presets it; shown to whoever may read them (a salesman's order has assignments he cannot list).
 */
export function RowsBelow({ type, fixed }: { type: string; fixed: Record<string, string> }) {
  const { ability } = useSession();
  const kind = findKind(type);
  if (!kind || !ability.can('read', kind.subject)) return null;
  return (
    <section className="screen-below" aria-label={kind.label.plural}>
      <h2><FormattedMessage id="screens.below" values={{ name: kind.label.plural }} /></h2>
      <EmbeddedGrid type={type} fixed={fixed} label={kind.label.plural} />
    </section>
  );
}
