/**
 * The order of the test files: vitest's own (the slowest first, for the tiers that run files side by
 * side), except end-to-end files, which run one after the other on a shared server (global-setup.ts)
 * and so always in the order of their paths, the same on every machine and every run: whatever a file
 * leaves in the demo data, the next one always meets it.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export class EndToEndInPathOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const endToEnd = sorted.filter((file) => file.project.name === 'e2e').sort((a, b) => a.moduleId.localeCompare(b.moduleId));
    return [...sorted.filter((file) => file.project.name !== 'e2e'), ...endToEnd];
  }
}
