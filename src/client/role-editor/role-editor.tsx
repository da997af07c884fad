/**
 * The role screen (`/preview/roles/{id}`, issue 12), inside the shared record frame: the name and
 * description, what the role grants as a readable Italian table (one row per rule: can or cannot,
 * actions, subjects, fields, conditions), and the rule editor (several actions and subjects, fields,
 * conditions with the signed-in user's `${user.…}` values). The rules are checked as they are typed
 * with the server's own check (`roleRuleIssues`), so a rule the server would refuse is marked before
 * saving. A saved change applies at the next request of the role's users.
 */
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Command } from '../../../commands/types.ts';
import type { EntityJson } from '../../domain/entity.ts';
import { ADMIN_ROLE_NAME, type PermissionRule } from '../../domain/entities/roles.ts';
import { readPath, type KindDefinition } from '../../domain/kind.ts';
import { kindList } from '../../domain/kinds.ts';
import { recordTabUrl } from '../../domain/routes.ts';
import { roleCatalogue, roleRuleIssues } from '../../domain/rules/role-rules.ts';
import { useRecordController, type RecordController } from '../data/use-record-controller.ts';
import { showConflict } from '../forms/conflict.tsx';
import { NEW_ID } from '../forms/entity-form.tsx';
import { Field } from '../forms/field-input.tsx';
import { RecordFrame, RecordLoader, useRecordDocument } from '../forms/record-frame.tsx';
import { findField, kindSections } from '../forms/schema-fields.ts';
import { addMessages } from '../i18n/index.ts';
import roleMessages from '../i18n/messages/roles.ts';
import { useIsActiveTab, useTabUrl } from '../workspace/tab-context.ts';
import { useScopedCommands } from '../workspace/use-scoped-commands.ts';
import { describeRule, ruleIssueWords } from './describe.ts';
import { injectStyles } from '../shell/inject-styles.ts';

addMessages(roleMessages);

/** The role screen's own styles (the grants table), added once when its chunk loads. */
const css = `
.role-grants-table { border-collapse: collapse; width: 100%; font-size: .9rem; }
.role-grants-table th, .role-grants-table td { text-align: left; vertical-align: top; padding: .3rem .5rem; border-bottom: 1px solid var(--border, color-mix(in srgb, CanvasText 12%, transparent)); }
.role-grants-table tr.is-cannot td:nth-child(2) { color: var(--danger, #b42318); font-weight: 600; }
.role-grants-table tr.is-invalid { outline: 2px solid var(--danger, #b42318); outline-offset: -2px; }
.role-grants-table .link-button { font: inherit; padding: 0 .3rem; }
`;
injectStyles('role-editor', css);

const catalogue = roleCatalogue(kindList);
const PERMISSIONS = 'attributes.permissions';
const TOOLBAR = ['record.save', 'record.discard', 'role.addRule', 'record.history'] as const;

/** A stored role. */
export function RoleEditor({ id }: { id: string }) {
  return <RoleScreen id={id} />;
}

/** A new role (`/preview/roles/new`): once saved, the tab becomes the role's own. */
export function NewRoleEditor() {
  return <RoleScreen id={NEW_ID} />;
}

function RoleScreen({ id }: { id: string }) {
  const [, replaceUrl] = useTabUrl();
  const controller = useRecordController('roles', id, {
    resolveConflict: showConflict,
    onCreated: (created) => replaceUrl(recordTabUrl('roles', created.id, created)),
  });
  return <RecordLoader controller={controller}>{(record) => <LoadedRole {...record} />}</RecordLoader>;
}

function LoadedRole({ kind, controller, stored, draft }: { kind: KindDefinition; controller: RecordController; stored: EntityJson; draft: EntityJson }) {
  const intl = useIntl();
  const active = useIsActiveTab();
  const formRef = useRef<HTMLFormElement>(null);
  const title = controller.creating ? intl.formatMessage({ id: 'form.newTitle' }, { kind: kind.label.singular }) : kind.title(stored) || kind.label.singular;
  const doc = useRecordDocument(kind, controller, stored, title);
  const sections = useMemo(() => kindSections(kind), [kind]);
  const rules = useMemo(() => (readPath(draft, PERMISSIONS) as PermissionRule[] | undefined) ?? [], [draft]);
  // The server's check, run on the draft and said in Italian words: each problem under its rule's part, like the server's answer (which it replaces).
  const issues = useMemo(() => roleRuleIssues(rules, catalogue, ruleIssueWords), [rules]);
  const errors = useMemo(() => {
    const merged = new Map(controller.errors);
    for (const issue of issues) {
      const path = `${PERMISSIONS}.${issue.index}.${issue.key}`;
      merged.set(path, issue.message);
    }
    return merged;
  }, [controller.errors, issues]);

  const focusRule = useFocusRule(formRef);
  const { locked, setField } = controller;
  const addRule = useCallback(() => {
    setField(PERMISSIONS, [...rules, { action: 'read', subject: 'all' }]);
    focusRule(rules.length);
  }, [rules, setField, focusRule]);
  const commands = useMemo<Command[]>(() => [{
    id: 'role.addRule',
    title: { id: 'roles.editor.addRule' },
    group: { id: 'commands.group.record' },
    keys: ['r k'],
    keywords: ['regola', 'permesso', 'ruolo'],
    when: () => (locked ? { disabled: intl.formatMessage({ id: 'roles.editor.locked' }) } : true),
    run: addRule,
  }], [addRule, locked, intl]);
  useScopedCommands('tab', commands, active);

  const field = (path: string) => {
    const spec = findField(sections.attributes, path);
    return spec && <Field key={path} spec={spec} path={path} value={readPath(draft, path)} onChange={setField} errors={errors} access={controller.access} locked={locked} />;
  };

  return (
    <RecordFrame kind={kind} controller={controller} stored={stored} title={title} doc={doc} className="role-editor" toolbar={TOOLBAR} formRef={formRef}>
      <section className="form-section" aria-labelledby="role-main-title">
        <h2 id="role-main-title"><FormattedMessage id="roles.editor.main" /></h2>
        <div className="form-fields">
          {field('attributes.name')}
          {field('attributes.description')}
        </div>
        {readPath(draft, 'attributes.name') === ADMIN_ROLE_NAME && <p className="form-hint"><FormattedMessage id="roles.editor.admin" values={{ name: ADMIN_ROLE_NAME }} /></p>}
      </section>
      <GrantsTable rules={rules} issueIndexes={new Set(issues.map((issue) => issue.index))} onEdit={focusRule} />
      {issues.length > 0 && <p className="entity-form-banner role-issues" role="status"><FormattedMessage id="roles.editor.issues" values={{ count: issues.length }} /></p>}
      <section className="form-section role-rules" aria-labelledby="role-rules-title">
        <h2 id="role-rules-title"><FormattedMessage id="roles.editor.rules" /></h2>
        {field(PERMISSIONS)}
      </section>
    </RecordFrame>
  );
}

/** Focuses rule `index`'s first control once it is rendered (after an add, or from the table). */
function useFocusRule(formRef: RefObject<HTMLFormElement | null>) {
  const pending = useRef<number | undefined>(undefined);
  const tryFocus = useCallback(() => {
    const item = formRef.current?.querySelector<HTMLElement>(`.role-rules [data-item-index="${pending.current}"]`);
    if (pending.current === undefined || !item) return;
    pending.current = undefined;
    item.scrollIntoView({ block: 'nearest' });
    item.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), button:not([disabled])')?.focus();
  }, [formRef]);
  // A rule just added is there after the next render.
  useEffect(tryFocus);
  return useCallback((index: number) => {
    pending.current = index;
    tryFocus();
  }, [tryFocus]);
}

/** What the role grants, one row per rule, in Italian; the rule number opens its editor. */
function GrantsTable({ rules, issueIndexes, onEdit }: { rules: readonly PermissionRule[]; issueIndexes: ReadonlySet<number>; onEdit(index: number): void }) {
  const intl = useIntl();
  return (
    <section className="form-section role-grants" aria-labelledby="role-grants-title">
      <h2 id="role-grants-title"><FormattedMessage id="roles.editor.grants" /></h2>
      <p className="form-hint"><FormattedMessage id="roles.editor.grantsHint" /></p>
      {rules.length === 0 ? (
        <p><FormattedMessage id="roles.editor.noRules" /></p>
      ) : (
        <table className="role-grants-table">
          <thead>
            <tr>
              {['n', 'permission', 'actions', 'subjects', 'fields', 'conditions'].map((column) => (
                <th key={column} scope="col"><FormattedMessage id={`roles.table.${column}`} /></th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rules.map((rule, index) => {
              const row = describeRule(rule);
              return (
                <tr key={index} className={`${row.can ? 'is-can' : 'is-cannot'}${issueIndexes.has(index) ? ' is-invalid' : ''}`} aria-invalid={issueIndexes.has(index) || undefined}>
                  <td>
                    <button type="button" className="link-button" aria-label={intl.formatMessage({ id: 'roles.editor.editRule' }, { n: index + 1 })} onClick={() => onEdit(index)}>
                      {index + 1}
                    </button>
                  </td>
                  <td><FormattedMessage id={row.can ? 'roles.table.can' : 'roles.table.cannot'} /></td>
                  <td>{row.actions}</td>
                  <td>{row.subjects}</td>
                  <td>{row.fields}</td>
                  <td>
                    {row.conditions}
                    {row.reason && <div className="form-hint"><FormattedMessage id="roles.table.reason" values={{ reason: row.reason }} /></div>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
