import fs from 'node:fs';
import path from 'node:path';

const realpath = (dir: string) => {
  try {
    return fs.realpathSync(dir);
  } catch {
    return dir;
  }
};

/**
 * The PATH of the shell the suite was started from, as a person has it after `make run`: without
 * the Node 24 runtime that `make` puts first when the machine's own `node` is older, and without
 * the directories `npm run` adds (the checkout's and its parents' node_modules/.bin, npm's
 * node-gyp-bin). Commands run with it use the machine's own `node`, whatever version it is.
 */
export function machinePath(root = process.cwd(), pathVar = process.env.PATH ?? ''): string {
  const added = new Set([realpath(path.join(root, '.runtime', 'node_modules', '.bin'))]);
  for (let dir = root; ; dir = path.dirname(dir)) {
    added.add(realpath(path.join(dir, 'node_modules', '.bin')));
    if (path.dirname(dir) === dir) break;
  }
  return pathVar
    .split(path.delimiter)
    .filter((dir) => dir !== '' && !added.has(realpath(dir)) && !/[\\/]@npmcli[\\/]run-script[\\/]lib[\\/]node-gyp-bin$/.test(dir))
    .join(path.delimiter);
}

/** The first `node` on that PATH, if any. */
export function machineNode(root = process.cwd()): string | undefined {
  for (const dir of machinePath(root).split(path.delimiter)) {
    const candidate = path.join(dir, 'node');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}
