/**
 * The screen of a tab: the shell renders `<Screen match={…} />` inside every tab, with the route
 * `routes.ts` matched; screen-table.ts says what each route shows. Heavy screens load on demand
 * (initial JS budget), and once the browser is idle (lazy-component.ts).
 */
import { Suspense, useEffect } from 'react';
import { lazyComponent } from '../lazy-component.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import { screenOf, type ResolvedScreen } from './screen-table.ts';
import { customerUserHome, customerUserRedirect, matchRoute, modulesAllowed, NEW_RECORD_ID, routeModules, routeOpenTo, routeUrl, type RouteMatch } from '../../domain/routes.ts';
import { routeTitle } from '../../../commands/navigation.ts';
import { AppLink } from '../shell/app-link.tsx';
import { injectScreenStyles } from './screen-styles.ts';
import { useSession } from '../session/session.tsx';
import { useTabTitle, useTabUrl } from '../workspace/tab-context.ts';
import { MaintenanceScreen } from './maintenance-screen.tsx';
import { portalViewAllowed } from '../../domain/portal-view.ts';
import { ensureRecordCommands } from '../record-commands.ts';

/** Screens that show no record: the record commands (record-commands.ts) wait for the first screen to be ready. */
const WITHOUT_RECORDS: ReadonlySet<string> = new Set(['dashboard', 'root', 'maintenance', 'preferences']);

const GridScreen = lazyComponent(() => import('./grid-screen.tsx'));
const FormScreen = lazyComponent(() => import('./form-screen.tsx'));
const DashboardScreen = lazyComponent(() => import('./dashboard-screen.tsx'));
// Small: it starts the board's reads, then loads the board itself (render-as-you-fetch).
const CalendarScreen = lazyComponent(() => import('../planning-board/calendar-screen.tsx'));
const PreviewScreen = lazyComponent(() => import('./preview-screen.tsx'));
const SettingsScreen = lazyComponent(() => import('../settings/settings-screen.tsx'));
const CommercialOffersScreen = lazyComponent(() => import('../commercial-offers/commercial-offers-screen.tsx'));
const QuotationCompareScreen = lazyComponent(() => import('../quotation-compare/quotation-compare-screen.tsx'));
const RegisterImportScreen = lazyComponent(() => import('../import/register-import-screen.tsx'));
const ImportRecordScreen = lazyComponent(() => import('../import/import-record-screen.tsx'));
const PortalScreen = lazyComponent(() => import('../portal/portal-screen.tsx'));
const MailMessageScreen = lazyComponent(() => import('../mail/mail-message-screen.tsx'));
const SyncCentreScreen = lazyComponent(() => import('../offline/sync-centre-screen.tsx'));

/** The code of each kind of screen, for `preloadScreenOf`. */
const screenCode: Partial<Record<ResolvedScreen['spec']['screen'], { preload: () => Promise<void> }>> = {
  grid: GridScreen, form: FormScreen, dashboard: DashboardScreen, root: DashboardScreen, calendar: CalendarScreen,
  commercialOffers: CommercialOffersScreen, quotationCompare: QuotationCompareScreen, import: RegisterImportScreen,
  importRecord: ImportRecordScreen, mailMessage: MailMessageScreen, portal: PortalScreen, preferences: SettingsScreen,
  preview: PreviewScreen, sync: SyncCentreScreen,
};

/** Fetches the code of the screen `url` shows (the first screen's, while the sign-in finishes: app-root.tsx). */
export function preloadScreenOf(url: string): void {
  const match = matchRoute(url);
  const resolved = match ? screenOf(match) : null;
  if (resolved) void screenCode[resolved.spec.screen]?.preload().catch(() => undefined);
}

export function Screen({ match }: { match: RouteMatch }) {
  injectScreenStyles();
  const { ability, identity } = useSession();
  // A customer's user on a staff page it has a portal page for (an old e-mail link, a bookmark) goes there.
  const redirect = identity.userType === 'customer' ? customerUserRedirect(match, identity.customerId ?? undefined) : undefined;
  const resolved = screenOf(match, identity.userType);
  // A screen of records: their commands (transitions, save, history…) and buttons are needed now.
  const records = resolved !== null && !WITHOUT_RECORDS.has(resolved.spec.screen);
  useEffect(() => {
    if (records) void ensureRecordCommands().catch(() => undefined);
  }, [records]);
  const can = match.route.can;
  // A list or record page the role may not read says so, instead of asking the API for a 403; so does
  // a staff screen opened by a customer user (a link, a typed address): the routes table says which are its.
  // A new record's page (`/equipments/new`) asks whether the role may create one: otherwise its form
  // would open read-only with a «Salva» the server refuses.
  const creating = resolved?.spec.screen === 'form' && resolved.params[resolved.spec.idParam] === NEW_RECORD_ID;
  const denied =
    !routeOpenTo(match.route, identity.userType) ||
    (resolved && (resolved.spec.screen === 'grid' || resolved.spec.screen === 'form') && can && !ability.can(creating ? 'create' : can[0], can[1]));
  // A page of a module the user does not work in (`/planning/calendar/edu` for a fire-only user): the
  // routes table says its module (SPEC §6 allowedModules), whatever the role may read.
  // A customer's portal seen by staff is the portal module's (portal-view.ts): a fire-only user is told so.
  const portalRefused = !denied && !redirect && !portalViewAllowed(match.route, identity);
  const moduleRefused = portalRefused || (!denied && !redirect && !modulesAllowed(routeModules(match.route, match.params), identity.allowedModules));
  return (
    <Suspense fallback={<p className="screen-loading" role="status"><FormattedMessage id="screens.loading" /></p>}>
      {redirect ? <Redirect to={redirect} /> : denied || moduleRefused ? <NotAllowed match={match} module={moduleRefused} portal={portalRefused} creating={creating} /> : resolved ? <ScreenBody url={match.url} spec={resolved.spec} params={resolved.params} /> : <NotFound url={match.url} />}
    </Suspense>
  );
}

/** Replaces the tab's address (and so the browser's) with `to`. */
function Redirect({ to }: { to: string }) {
  const [, replaceUrl] = useTabUrl();
  useEffect(() => replaceUrl(to), [replaceUrl, to]);
  return null;
}

/**
 * The refusal of a page the user may not open; a customer user's says the page is the office's and
 * leads back to its portal; a page of a module not enabled for the user names the module and leads
 * back to the dashboard. The title is the route's with its parameters («Calendario Formazione»).
 */
function NotAllowed({ match, module, portal: portalRefused, creating }: { match: RouteMatch; module: boolean; portal: boolean; creating: boolean }) {
  const intl = useIntl();
  const { identity } = useSession();
  const title = routeTitle(match.route, match.params);
  useTabTitle(title);
  const portal = identity.userType === 'customer' && identity.customerId ? customerUserHome(identity.customerId) : undefined;
  // «Formazione e Medicina del lavoro»: the message says «il modulo … è» or «i moduli … sono» by their count.
  // The portal refused names the portal module only: once enabled, the page's own modules say the rest.
  const moduleNames = (portalRefused ? ['portal'] : routeModules(match.route, match.params) ?? []).map((name) => intl.formatMessage({ id: `nav.param.moduleName.${name}` }));
  const modules = intl.formatList(moduleNames, { type: 'conjunction' });
  return (
    <section className="screen screen-denied">
      <h1 className="screen-title">{title}</h1>
      <p role="note">
        {module && !portal
          ? <FormattedMessage id="screens.denied.module" values={{ title, modules, count: moduleNames.length }} />
          : <FormattedMessage id={portal ? 'screens.denied.customer' : creating ? 'screens.denied.create' : 'screens.denied'} values={{ title }} />}
      </p>
      {portal ? <p><AppLink href={portal}><FormattedMessage id="screens.denied.portalHome" /></AppLink></p>
        : module ? <p><AppLink href={routeUrl('Dashboard')}><FormattedMessage id="screens.denied.home" /></AppLink></p> : null}
    </section>
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
      return <CalendarScreen moduleName={params.moduleName ?? 'fire'} />;
    case 'commercialOffers':
      return <CommercialOffersScreen key={url.split('?')[0]} customerId={params.customerId} />;
    case 'quotationCompare':
      return <QuotationCompareScreen key={url.split('?')[0]} id={params.id ?? ''} otherId={params.otherId} revisionId={params.revisionId} />;
    case 'import':
      return <RegisterImportScreen key={url.split('?')[0]} customerId={params.id} register={new URLSearchParams(url.split('?')[1] ?? '').get('register') ?? undefined} />;
    case 'importRecord':
      return <ImportRecordScreen key={url.split('?')[0]} id={params.id ?? ''} />;
    case 'mailMessage':
      return <MailMessageScreen key={url.split('?')[0]} id={params.id ?? ''} />;
    case 'portal':
      return <PortalScreen key={url.split('?')[0]} customerId={params.id ?? ''} siteId={params.siteId} quotationId={params.quotationId} employeeId={params.employeeId} />;
    case 'preferences':
      return <SettingsScreen />;
    case 'preview':
      return <PreviewScreen type={params.entity ?? ''} id={params.id ?? ''} />;
    case 'maintenance':
      return <MaintenanceScreen />;
    case 'sync':
      return <SyncCentreScreen />;
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
