/** Server hooks of document templates: a template is stored only when every placeholder is known for its type. */
import type { KindHooks } from '../resources/hooks.ts';
import { templateIssues } from '../../domain/documents/template.ts';
import type { TemplateDocType } from '../../domain/documents/placeholders.ts';
import { templateProblem } from '../documents/routes.ts';

export const templateDocHooks: Record<string, KindHooks> = {
  templateDocs: {
    async beforeWrite(_hook, data) {
      const issues = templateIssues(data.attributes.type as TemplateDocType, String(data.attributes.body ?? ''));
      if (issues.length > 0) throw templateProblem(issues);
    },
  },
};
