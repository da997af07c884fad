/** The catch-all page (SPEC §2): any unmatched path. */
import { FormattedMessage } from 'react-intl';
import { AppLink } from './app-link.tsx';

export function NotFoundPage({ url }: { url: string }) {
  return (
    <section className="screen not-found">
      <h1>
        <FormattedMessage id="workspace.notFound.title" />
      </h1>
      <p>
        <FormattedMessage id="workspace.notFound.text" values={{ url: <code>{url}</code> }} />
      </p>
      <p>
        <AppLink href="/dashboard">
          <FormattedMessage id="workspace.notFound.home" />
        </AppLink>
      </p>
    </section>
  );
}
