/**
 * The portal's routes as a screen (issue 26): its home (compliance per site) and a site's page. A
 * customer user reads its own customer's; staff open a customer's portal view read-only, in a tab,
 * to see what its users see.
 */
import { useSession } from '../session/session.tsx';
import PortalCompliance from './portal-compliance.tsx';
import PortalSite from './portal-site.tsx';

export default function PortalScreen({ customerId, siteId }: { customerId: string; siteId?: string | undefined }) {
  const { identity } = useSession();
  const staffView = identity.userType !== 'customer';
  return siteId ? <PortalSite customerId={customerId} siteId={siteId} staffView={staffView} /> : <PortalCompliance customerId={customerId} staffView={staffView} />;
}
