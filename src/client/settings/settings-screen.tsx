/**
 * `/userSettings`: the signed-in user's own preferences as a screen (SPEC §3 user settings), not a
 * grid of rows — profile, theme, sidebar and filters, the grids whose columns were chosen (each
 * back to its default), and the saved views. Everything is saved through the user-settings store
 * (one row per user, which nobody else may read).
 */
import { useId } from 'react';
import { useAtomValue } from 'jotai';
import { FormattedMessage, useIntl } from 'react-intl';
import { findKind } from '../../domain/kinds.ts';
import { RadioGroup } from '../forms/editors/radio-group.tsx';
import { enumLabel } from '../forms/format.ts';
import { addMessages, hasMessage, intl as catalogue } from '../i18n/index.ts';
import settingsMessages from '../i18n/messages/settings.ts';
import { useSession } from '../session/session.tsx';
import { CalendarFeed } from './calendar-feed.tsx';
import { AppLink } from '../shell/app-link.tsx';
import { openingUrl, useSavedViews } from '../kinds/saved-views.ts';
import { TAB_LIMIT_CHOICES } from '../workspace/workspace-state.ts';
import { updateUserSettings, userSettingsAtom, type UserSettings } from './user-settings.ts';

addMessages(settingsMessages);

type ThemeChoice = 'system' | 'light' | 'dark';

export function themeChoiceOf(hasDarkTheme: boolean | undefined): ThemeChoice {
  return hasDarkTheme === undefined ? 'system' : hasDarkTheme ? 'dark' : 'light';
}

export function hasDarkThemeOf(choice: ThemeChoice): boolean | undefined {
  return choice === 'system' ? undefined : choice === 'dark';
}

/** «Nessun limite» for 0, else the number of tabs. */
export function tabLimitLabel(choice: number): string {
  return choice === 0 ? catalogue.formatMessage({ id: 'settings.tabLimit.none' }) : catalogue.formatMessage({ id: 'settings.tabLimit.count' }, { count: choice });
}

/** The setting of a radio's value (the group's values are strings); an unknown one is the default. */
export function tabLimitChoice(value: string): UserSettings['tabLimit'] {
  return TAB_LIMIT_CHOICES.find((choice) => String(choice) === value) ?? 50;
}

const EMBEDDED = '.embedded';

/**
 * A grid's Italian name from the id its columns are remembered by (`RememberedGrid`): a kind's list
 * (`customers` → «Clienti»), its list inside another record (`equipments.embedded`), or a screen of
 * its own (`marketingCustomers` → its route's title).
 */
export function gridName(gridId: string): string {
  const embedded = gridId.endsWith(EMBEDDED);
  const kind = findKind(embedded ? gridId.slice(0, -EMBEDDED.length) : gridId);
  if (kind) return embedded ? catalogue.formatMessage({ id: 'kinds.grid.embedded' }, { kind: kind.label.plural }) : kind.label.plural;
  return hasMessage(`nav.${gridId}`) ? catalogue.formatMessage({ id: `nav.${gridId}` }) : gridId;
}

/** The user's modules by their Italian names («Antincendio, Formazione»). */
export const moduleNames = (modules: readonly string[]): string => modules.map((module) => enumLabel(module)).join(', ');

export default function SettingsScreen() {
  const intl = useIntl();
  const { identity } = useSession();
  const settings = useAtomValue(userSettingsAtom);
  const views = useSavedViews();
  const themeName = useId();
  const tabLimitHint = useId();
  const theme = themeChoiceOf(settings.hasDarkTheme);
  const grids = Object.entries(settings.gridColumns ?? {}).sort(([a], [b]) => a.localeCompare(b));
  const resetGrid = (grid: string) => updateUserSettings({ gridColumns: Object.fromEntries(grids.filter(([id]) => id !== grid)) });
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <section className="screen screen-settings" aria-labelledby="settings-title">
      <h1 id="settings-title"><FormattedMessage id="settings.title" /></h1>
      <p><FormattedMessage id="settings.intro" /></p>

      <h2><FormattedMessage id="settings.profile" /></h2>
      <dl className="settings-profile">
        <dt><FormattedMessage id="settings.profile.name" /></dt>
        <dd>{identity.displayName}</dd>
        <dt><FormattedMessage id="settings.profile.email" /></dt>
        <dd>{identity.email}</dd>
        <dt><FormattedMessage id="settings.profile.roles" /></dt>
        <dd>{identity.roles.map((role) => role.name).join(', ') || t('settings.profile.none')}</dd>
        <dt><FormattedMessage id="settings.profile.modules" /></dt>
        <dd>{moduleNames(identity.allowedModules) || t('settings.profile.none')}</dd>
      </dl>

      <RadioGroup
        label={<FormattedMessage id="settings.theme" />}
        name={themeName}
        value={theme}
        onChange={(choice) => updateUserSettings({ hasDarkTheme: hasDarkThemeOf(choice) }, { immediate: true })}
        options={(['system', 'light', 'dark'] as const).map((choice) => ({ value: choice, label: <FormattedMessage id={`settings.theme.${choice}`} /> }))}
      />

      <fieldset>
        <legend><FormattedMessage id="settings.layout" /></legend>
        <label>
          <input type="checkbox" checked={settings.hasSidebarEnlarged} onChange={(event) => updateUserSettings({ hasSidebarEnlarged: event.target.checked })} />{' '}
          <FormattedMessage id="settings.sidebarEnlarged" />
        </label>
        <label>
          <input type="checkbox" checked={settings.hasFilters} onChange={(event) => updateUserSettings({ hasFilters: event.target.checked })} />{' '}
          <FormattedMessage id="settings.filters" />
        </label>
      </fieldset>

      <RadioGroup
        label={<FormattedMessage id="settings.tabLimit" />}
        value={String(settings.tabLimit)}
        onChange={(choice) => updateUserSettings({ tabLimit: tabLimitChoice(choice) })}
        options={TAB_LIMIT_CHOICES.map((choice) => ({ value: String(choice), label: tabLimitLabel(choice) }))}
        describedBy={tabLimitHint}
      />
      <p id={tabLimitHint} className="form-hint"><FormattedMessage id="settings.tabLimit.hint" /></p>

      <h2><FormattedMessage id="settings.columns" /></h2>
      {grids.length === 0 ? (
        <p><FormattedMessage id="settings.columns.none" /></p>
      ) : (
        <>
          <ul className="settings-list">
            {grids.map(([grid, columns]) => (
              <li key={grid}>
                <span>{gridName(grid)}</span> — <FormattedMessage id="settings.columns.count" values={{ count: columns.length }} />{' '}
                <button type="button" onClick={() => resetGrid(grid)}>{intl.formatMessage({ id: 'settings.columns.reset' }, { grid: gridName(grid) })}</button>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => updateUserSettings({ gridColumns: {} })}><FormattedMessage id="settings.columns.resetAll" /></button>
        </>
      )}

      <h2><FormattedMessage id="settings.views" /></h2>
      {views.length === 0 ? (
        <p><FormattedMessage id="settings.views.none" /></p>
      ) : (
        <ul className="settings-list">
          {views.map((view) => (
            <li key={view.id}>
              <AppLink href={openingUrl(view)}>{String(view.attributes.name)}</AppLink>
              {view.relationships.userId !== identity.id && <> ({t('settings.views.shared')})</>}
            </li>
          ))}
        </ul>
      )}

      <CalendarFeed />
    </section>
  );
}
