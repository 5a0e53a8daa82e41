import { stringify } from 'yaml';

/** A value as YAML; its own module so that `print` loads the yaml package only for `-o yaml`. */
export function toYaml(value: unknown): string {
  return stringify(value);
}
