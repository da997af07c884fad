/**
 * The screen of a tab: the shell renders `<Screen match={…} />` inside every tab. The screen is
 * chosen from the tab URL with our own table (screen-table.ts), so it follows the SPEC route
 * table whatever the shell calls its routes. Heavy screens load on demand (initial JS budget).
 */
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { resolveScreen } from './screen-table.ts';
import { injectScreenStyles } from './screen-styles.ts';

/** The part of the shell's RouteMatch (`src/client/routes.ts`) the screens read. */
export interface ScreenMatch {
  route: { name: string; path: string };
  params: Record<string, string | undefined>;
  url: string;
}

const GridScreen = lazy(() => import('./grid-screen.tsx'));
const FormScreen = lazy(() => import('./form-screen.tsx'));
const DashboardScreen = lazy(() => import('./dashboard-screen.tsx'));
const CalendarScreen = lazy(() => import('./calendar-screen.tsx'));
const PreviewScreen = lazy(() => import('./preview-screen.tsx'));

export function Screen({ match }: { match: ScreenMatch }) {
  injectScreenStyles();
  const resolved = resolveScreen(match.url);
  return (
    <Suspense fallback={<p className="screen-loading" role="status"><FormattedMessage id="screens.loading" /></p>}>
      {resolved ? <ScreenBody url={match.url} spec={resolved.spec} params={resolved.params} /> : <NotFound url={match.url} />}
    </Suspense>
  );
}

function ScreenBody({ url, spec, params }: { url: string; spec: NonNullable<ReturnType<typeof resolveScreen>>['spec']; params: Record<string, string> }) {
  switch (spec.screen) {
    case 'grid':
      return <GridScreen key={url.split('?')[0]} spec={spec} params={params} />;
    case 'form':
      return <FormScreen key={url.split('?')[0]} spec={spec} params={params} />;
    case 'dashboard':
    case 'root':
      return <DashboardScreen />;
    case 'calendar':
      return <CalendarScreen moduleName={params.moduleName ?? 'fire'} />;
    case 'preview':
      return <PreviewScreen type={params.entity ?? ''} id={params.id ?? ''} />;
    case 'maintenance':
      return (
        <section className="screen screen-maintenance">
          <h1><FormattedMessage id="screens.maintenance.title" /></h1>
          <p><FormattedMessage id="screens.maintenance.text" /></p>
        </section>
      );
  }
}

export function NotFound({ url }: { url: string }) {
  return (
    <section className="screen screen-not-found">
      <h1><FormattedMessage id="screens.notFound" /></h1>
      <p><FormattedMessage id="screens.notFound.hint" values={{ url }} /></p>
    </section>
  );
}
