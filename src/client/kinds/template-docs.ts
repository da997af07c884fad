/** Document templates: a dedicated editor (placeholders of the type, live check, PDF preview) instead of the generic form. */
import { lazy } from 'react';
import type { KindModule } from './types.ts';

const TemplateEditor = lazy(() => import('../documents/template-editor.tsx').then((module) => ({ default: module.TemplateEditor })));

export const templateDocs: KindModule = {
  type: 'templateDocs',
  screen: { detail: TemplateEditor },
};
