/** The catch-all page (SPEC §2): any unmatched path. Its way home is the user's: the dashboard, or a customer user's portal. */
import { FormattedMessage } from 'react-intl';
import { customerUserHome } from '../../domain/routes.ts';
import { useSession } from '../session/session.tsx';
import { AppLink } from './app-link.tsx';

export function NotFoundPage({ url }: { url: string }) {
  const { identity } = useSession();
  const portal = identity.userType === 'customer' && identity.customerId ? customerUserHome(identity.customerId) : undefined;
  return (
    <section className="screen not-found">
      <h1>
        <FormattedMessage id="workspace.notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="workspace.notFound.text" values={{ url: <code>{url}</code> }} />
      </p>
      <p>
        <AppLink href={portal ?? '/dashboard'}>
          <FormattedMessage id={portal ? 'workspace.notFound.portalHome' : 'workspace.notFound.home'} />
        </AppLink>
      </p>
    </section>
  );
}
