import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names every test that passed only on a retry (the API projects retry a failed test once: their
 * servers share two cores with the browser suite in `npm test`), one `FLAKY` line each at the end
 * of the run, so that a test that flakes is seen and fixed rather than retried for ever
 * (scripts/steps.sh repeats these lines after the run's table). Each carries what the failed try
 * said (its first error's message, on one line): a flake seen once in CI can be diagnosed from the
 * log alone.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase) {
    const retries = test.diagnostic()?.retryCount ?? 0;
    const result = test.result();
    if (retries > 0 && result.state === 'passed') {
      const first = result.errors?.[0];
      const said = first ? `: ${first.message.replace(/\s+/g, ' ').slice(0, 400)}` : '';
      this.flaky.push(
        `${test.module.relativeModuleId} > ${test.fullName} (passed on retry ${retries})${said}`,
      );
    }
  }

  onTestRunEnd() {
    for (const line of this.flaky) console.log(`FLAKY ${line}`);
  }
}
