import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { StateFileLinkError } from '../store/errors';

/** Symbolic links followed at most, as the kernel's own limit (ELOOP). */
const MAX_LINKS = 40;

/**
 * The state file's one name, whatever path reached it: links and `..` resolved, so the lock, the
 * log and every write go to the file itself, and a symbolic link to it stays a link. A link to a
 * file not made yet resolves to where it points. A file with more than one hard link is refused:
 * every write replaces the file (a new file renamed into place), which would leave the other
 * names holding an old copy that a second server could run on.
 */
export function realStatePath(path: string): string {
  let current = resolve(path);
  for (let links = 0; links <= MAX_LINKS; links++) {
    const stats = lstatOf(current);
    if (stats?.isSymbolicLink()) {
      current = resolve(dirname(current), readlinkSync(current));
      continue;
    }
    const real = join(realFolder(dirname(current)), basename(current));
    // A folder's link count is its entries': only a file's counts other names.
    const links = stats?.isFile() ? statSync(real).nlink : 1;
    if (links > 1) {
      throw new StateFileLinkError(
        real,
        `has ${links} hard links: each write replaces the file with a new one, so the other names would keep an old copy that a second server could run on. Give the server one name for it (a symbolic link is fine)`,
      );
    }
    return real;
  }
  throw new StateFileLinkError(resolve(path), `leads through more than ${MAX_LINKS} symbolic links`);
}

/** The folder's real path, or as written when it does not exist yet (the server creates it). */
function realFolder(folder: string): string {
  try {
    return realpathSync(folder);
  } catch {
    return folder;
  }
}

function lstatOf(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}
