/**
 * A supplier's page lists the products it supplies (SPEC §3 supplier): the products whose suppliers
 * name it, as their own form keeps them (`attributes.suppliers`, gathered in `metadata.supplierIds`).
 */
import { useIntl } from 'react-intl';
import { findKind } from '../../domain/kinds.ts';
import { EmbeddedGrid } from '../screens/grid-screen.tsx';
import { useSession } from '../session/session.tsx';

export function SupplierProducts({ id }: { id: string }) {
  const intl = useIntl();
  const { ability } = useSession();
  const products = findKind('products');
  if (!products || !ability.can('read', products.subject)) return null;
  const label = intl.formatMessage({ id: 'suppliers.products' });
  return (
    <section className="form-section supplier-products" aria-label={label}>
      <h2>{label}</h2>
      <EmbeddedGrid type="products" fixed={{ 'filter[supplierIds]': id }} label={label} creates={false} />
    </section>
  );
}
