import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers';

const scripts: Record<string, string> = {};
beforeAll(async () => {
  const results = await Promise.all(
    ['bash', 'zsh', 'fish'].map((shell) => runCli(['completion', shell], {})),
  );
  for (const [i, shell] of ['bash', 'zsh', 'fish'].entries()) {
    expect(results[i]!.code, results[i]!.stderr).toBe(0);
    scripts[shell] = results[i]!.stdout;
  }
});

/** Runs the bash script's completion function for a command line (the last word is being completed). */
async function complete(...words: string[]): Promise<string[]> {
  const dir = await mkdtemp(join(tmpdir(), 'nimbus-completion-'));
  const file = join(dir, 'nimbus.bash');
  await writeFile(file, scripts.bash!);
  const program = `source "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$((\${#COMP_WORDS[@]} - 1)); _nimbus; printf '%s\\n' "\${COMPREPLY[@]}"`;
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', program, 'bash', file, 'nimbus', ...words], (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout.split('\n').filter(Boolean));
    });
  });
}

describe('nimbus completion', () => {
  it('prints a script for each shell that knows the command groups, subcommands and flags', () => {
    for (const script of Object.values(scripts)) {
      for (const word of [
        'instances',
        'apply',
        'export',
        'login',
        'mock',
        'advance',
        'buckets',
        'dry-run',
        'output',
        'yaml',
      ]) {
        expect(script).toContain(word);
      }
    }
    expect(scripts.bash).toContain('complete -F _nimbus nimbus');
    expect(scripts.zsh).toMatch(/^#compdef nimbus/);
    expect(scripts.zsh).toContain("'create:Create an instance (provisioning -> running)'");
    expect(scripts.fish).toContain(
      `complete -c nimbus -n "__nimbus_at 'instances create'" -l flavor -x -a 'nano micro small medium large xlarge'`,
    );
    expect(scripts.fish).toContain(`complete -c nimbus -n "__nimbus_at 'apply'" -l dry-run`);
    expect(scripts.fish).toContain(
      `complete -c nimbus -n "__nimbus_at 'databases replicas create'" -l region`,
    );
  });

  it('bash completes groups, subcommands, flags and flag values from the command tree', async () => {
    const [groups, subcommands, flags, choices, output, nested, values, afterValue] = await Promise.all([
      complete('inst'),
      complete('instances', 'cr'),
      complete('instances', 'create', '--fl'),
      complete('instances', 'create', '--flavor', ''),
      complete('-o', ''),
      complete('--profile', 'work', 'mock', 'clock', ''),
      complete('completion', ''),
      complete('apply', '--file', 'tenant.yaml', '--dr'),
    ]);
    const [resources, underResource] = await Promise.all([
      complete('vpcs', 'sub'),
      complete('databases', 'replicas', ''),
    ]);
    expect(resources).toEqual(['subnets']);
    expect(underResource).toEqual(['list', 'create', 'help']);
    expect(groups).toEqual(['instances']);
    expect(subcommands).toEqual(['create']);
    expect(flags).toEqual(['--flavor']);
    expect(choices).toEqual(['nano', 'micro', 'small', 'medium', 'large', 'xlarge']);
    expect(output).toEqual(['table', 'json', 'yaml']);
    expect(nested).toEqual(['retrieve', 'advance', 'freeze', 'help']);
    expect(values).toEqual(['bash', 'zsh', 'fish']);
    expect(afterValue).toEqual(['--dry-run']);
  });

  it('refuses an unknown shell with exit 2', async () => {
    const result = await runCli(['completion', 'powershell'], {});
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Allowed choices are bash, zsh, fish/);
  });
});
