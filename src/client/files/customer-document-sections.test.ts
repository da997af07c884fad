import { describe, expect, it } from 'vitest';
import { customerDocumentSections } from './customer-document-sections.ts';

const everything = () => true;

describe('the customer’s document lists a reader has', () => {
  it('has no training certificates without the training module (edu); with it, or with every module, it has', () => {
    expect(customerDocumentSections(everything, ['fire']).certificates).toBe(false);
    expect(customerDocumentSections(everything, ['fire']).register).toBe(true);
    expect(customerDocumentSections(everything, ['fire', 'edu']).certificates).toBe(true);
    expect(customerDocumentSections(everything, []).certificates).toBe(true);
    expect(customerDocumentSections(everything).certificates).toBe(true);
  });
});
