/**
 * The pages a stored record has besides the one shown (its entity routes: a customer's registry,
 * settings, equipments per module, commercial offer…), as real links under its form, so every
 * route that needs an id is reachable from its record with the keyboard.
 */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EntityJson } from '../../domain/entity.ts';
import { recordKey } from '../data/index.ts';
import { AppLink } from '../shell/app-link.tsx';
import { pagePath } from '../workspace/workspace-state.ts';
import { useTabUrl } from '../workspace/tab-context.ts';
import { useSession } from '../session/session.tsx';
import { routeTitle } from '../../../commands/navigation.ts';
import { recordOfUrl, recordRouteAllowed, recordRoutes } from './record-routes.ts';

export function RecordLinks({ type, id }: { type: string; id: string }) {
  const intl = useIntl();
  const session = useSession();
  const [url] = useTabUrl();
  // The form loaded the record already: read it from the cache without fetching again.
  const { data } = useQuery<EntityJson>({ queryKey: recordKey(type, id), enabled: false });
  const here = pagePath(url);
  const page = recordOfUrl(url);
  const links = recordRoutes(type, id, data, page?.type === type && page.id === id ? page.params : {})
    .filter((link) => link.url !== here && recordRouteAllowed(link, { ability: session.ability, allowedModules: session.identity.allowedModules, userType: session.identity.userType }));
  if (links.length === 0) return null;
  const label = intl.formatMessage({ id: 'kinds.links' });
  return (
    <nav className="record-links" aria-label={label}>
      <h2><FormattedMessage id="kinds.links" /></h2>
      <ul>
        {links.map((link) => (
          <li key={link.url}>
            <AppLink href={link.url}>{routeTitle(link.route, link.params)}</AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
