import { NimbusError } from './errors';

/**
 * Refuses an options object with a name that is not among `known`, naming the option meant when
 * the name differs from one only in case or underscores (`baseURL`, `base_url` for `baseUrl`;
 * `cameraId` for `camera_id`). A misspelt option would otherwise be ignored without a word.
 *
 * @example
 * refuseUnknownOptions(options, CLIENT_OPTIONS, 'Nimbus option');
 */
export function refuseUnknownOptions(options: object, known: readonly string[], what: string): void {
  for (const name of Object.keys(options)) {
    if (known.includes(name)) continue;
    const meant = known.find((candidate) => looseName(candidate) === looseName(name));
    const hint = meant
      ? `did you mean \`${meant}\`?`
      : `the options are ${known.map((k) => `\`${k}\``).join(', ')}`;
    throw new NimbusError(`Unknown ${what} \`${name}\`: ${hint}`);
  }
}

function looseName(name: string): string {
  return name.toLowerCase().replaceAll('_', '');
}
