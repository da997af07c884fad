/** Document templates: a dedicated editor (placeholders of the type, live check, PDF preview) instead of the generic form. */
import { lazyComponent } from '../lazy-component.ts';
import type { KindModule } from './types.ts';

const TemplateEditor = lazyComponent(async () => ({ default: (await import('../documents/template-editor.tsx')).TemplateEditor }));

export const templateDocs: KindModule = {
  type: 'templateDocs',
  screen: { detail: TemplateEditor },
};
