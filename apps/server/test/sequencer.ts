import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take a minute (real server processes, 1,000-run property tests, the fuzzer, the
 * scale tests) start first: on a clean clone vitest knows no durations, and one of them starting
 * last would leave the other worker idle while it runs alone.
 */
const LONG = [/processes\.test/, /dispersions\/property\.test/, /property\.test/, /fuzz\//, /multi-process\.test/, /\.scale\.test/];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONG.findIndex((re) => re.test(f.moduleId));
      return i < 0 ? LONG.length : i;
    };
    return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
  }
}
