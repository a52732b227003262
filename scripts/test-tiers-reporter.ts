// Prints, at the end of a vitest run, the wall time and summed file time of each tier against its
// budget, and the ten slowest files, so that growth is seen when it happens.
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { TIERS, tierOf } from './test-tiers.mjs';

const root = path.resolve(import.meta.dirname, '..');

interface FileTiming {
  file: string;
  project: string;
  tier: string;
  started: number;
  ended: number;
}

export default class TestTiersReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly timings: FileTiming[] = [];
  private runStarted = Date.now();

  onTestRunStart() {
    this.runStarted = Date.now();
  }

  onTestModuleStart(testModule: TestModule) {
    this.started.set(`${testModule.project.name}:${testModule.moduleId}`, Date.now());
  }

  onTestModuleEnd(testModule: TestModule) {
    const file = path.relative(root, testModule.moduleId);
    const ended = Date.now();
    // A file's time includes its imports and environment, which vitest reports before the module starts.
    const d = testModule.diagnostic();
    const total =
      d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    const started = Math.min(
      this.started.get(`${testModule.project.name}:${testModule.moduleId}`) ?? ended,
      ended - total,
    );
    this.timings.push({
      file,
      project: testModule.project.name,
      tier: tierOf(file),
      started,
      ended,
    });
  }

  onTestRunEnd() {
    if (this.timings.length === 0) return;
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    const lines = ['', `Tiers (wall: first file start to last file end; files run in parallel)`];
    for (const tier of TIERS) {
      const files = this.timings.filter((timing) => timing.tier === tier.name);
      if (files.length === 0) continue;
      const wall = Math.max(...files.map((f) => f.ended)) - Math.min(...files.map((f) => f.started));
      const summed = files.reduce((sum, f) => sum + f.ended - f.started, 0);
      const over = wall / 1000 > tier.budgetSeconds ? `  OVER BUDGET (${tier.budgetSeconds} s)` : '';
      lines.push(
        `  ${tier.label.padEnd(48)} ${String(files.length).padStart(4)} files  ${seconds(wall).padStart(7)} s wall  ${seconds(summed).padStart(7)} s in files  budget ${tier.budgetSeconds} s${over}`,
      );
    }
    lines.push(`  whole run ${seconds(Date.now() - this.runStarted)} s`, '', 'Slowest ten files');
    const slowest = [...this.timings]
      .sort((a, b) => b.ended - b.started - (a.ended - a.started))
      .slice(0, 10);
    for (const timing of slowest)
      lines.push(
        `  ${seconds(timing.ended - timing.started).padStart(7)} s  ${timing.file} [${timing.project}]`,
      );
    console.log(lines.join('\n'));
  }
}
