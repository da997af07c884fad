/**
 * The screen of a tab: the shell renders `<Screen match={…} />` inside every tab, with the route
 * `routes.ts` matched; screen-table.ts says what each route shows. Heavy screens load on demand
 * (initial JS budget).
 */
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { screenOf, type ResolvedScreen } from './screen-table.ts';
import type { RouteMatch } from '../../domain/routes.ts';
import { injectScreenStyles } from './screen-styles.ts';

const GridScreen = lazy(() => import('./grid-screen.tsx'));
const FormScreen = lazy(() => import('./form-screen.tsx'));
const DashboardScreen = lazy(() => import('./dashboard-screen.tsx'));
const PlanningBoard = lazy(() => import('../planning-board/planning-board.tsx'));
const PreviewScreen = lazy(() => import('./preview-screen.tsx'));
const SettingsScreen = lazy(() => import('../settings/settings-screen.tsx'));
const CommercialOffersScreen = lazy(() => import('../commercial-offers/commercial-offers-screen.tsx'));
const QuotationCompareScreen = lazy(() => import('../quotation-compare/quotation-compare-screen.tsx'));

export function Screen({ match }: { match: RouteMatch }) {
  injectScreenStyles();
  const resolved = screenOf(match);
  return (
    <Suspense fallback={<p className="screen-loading" role="status"><FormattedMessage id="screens.loading" /></p>}>
      {resolved ? <ScreenBody url={match.url} spec={resolved.spec} params={resolved.params} /> : <NotFound url={match.url} />}
    </Suspense>
  );
}

function ScreenBody({ url, spec, params }: { url: string; spec: ResolvedScreen['spec']; params: Record<string, string> }) {
  switch (spec.screen) {
    case 'grid':
      return <GridScreen key={url.split('?')[0]} spec={spec} params={params} />;
    case 'form':
      return <FormScreen key={url.split('?')[0]} spec={spec} params={params} />;
    case 'dashboard':
    case 'root':
      return <DashboardScreen />;
    case 'calendar':
      return <PlanningBoard moduleName={params.moduleName ?? 'fire'} />;
    case 'commercialOffers':
      return <CommercialOffersScreen key={url.split('?')[0]} customerId={params.customerId} />;
    case 'quotationCompare':
      return <QuotationCompareScreen key={url.split('?')[0]} id={params.id ?? ''} otherId={params.otherId} revisionId={params.revisionId} />;
    case 'preferences':
      return <SettingsScreen />;
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
