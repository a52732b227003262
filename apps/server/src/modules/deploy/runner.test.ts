import { describe, expect, it } from 'vitest';
import { runDeployCommand } from './runner.ts';

const collect = () => {
  const parts: string[] = [];
  return { output: { write: (text: string) => parts.push(text) }, text: () => parts.join('') };
};

describe('runDeployCommand', () => {
  it('reports a failing exit code with the output', async () => {
    const { output, text } = collect();
    const result = await runDeployCommand('echo migrating; echo broken >&2; exit 3', {
      output,
      timeoutMs: 10_000,
      requestedBy: 'Anna Admin',
    });
    expect(result).toEqual({ ok: false, code: 3 });
    expect(text()).toContain('migrating');
    expect(text()).toContain('broken');
  });

  it('stops a command that runs past the timeout', async () => {
    const { output, text } = collect();
    const result = await runDeployCommand('sleep 30', { output, timeoutMs: 200, requestedBy: 'Anna Admin' });
    expect(result.ok).toBe(false);
    expect(text()).toContain('[stopped after 0 s]');
  });
});
