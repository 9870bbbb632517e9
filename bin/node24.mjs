/**
 * Runs the command on Node.js 24 whatever `node` started it. The npm scripts that run node load
 * it first (`node --import ./bin/node24.mjs …`), and so do the package's commands in bin/: on
 * Node 24 or newer it does nothing; on an older node it runs the same command line (node's flags
 * included) under the Node 24 that `make install` puts into .runtime/, passing standard input and
 * output through and signals on, and exits as that run exits, before the command's own code is
 * loaded. Without that runtime it says how to get it instead of letting an old node crash on a
 * native module. Plain JavaScript that older releases read (`--import` needs Node.js 18.18+).
 */
const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);

if (major < REQUIRED_MAJOR) {
  // Loaded only here: on Node 24 this file costs no more than reading it.
  const [{ spawn }, fs, os, path, { fileURLToPath }] = await Promise.all([
    import('node:child_process'),
    import('node:fs').then((m) => m.default),
    import('node:os').then((m) => m.default),
    import('node:path').then((m) => m.default),
    import('node:url'),
  ]);
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const runtimeBin = path.join(root, '.runtime', 'node_modules', '.bin');
  const runtime = path.join(runtimeBin, 'node');
  const refuse = (why) => {
    process.stderr.write(
      `Marquee needs Node.js ${REQUIRED_MAJOR} or newer, and ${why}.\n` +
        `Run \`make install\` in ${root} (it installs Node.js ${REQUIRED_MAJOR} into .runtime/ when your node is older), then run this command again.\n`,
    );
    process.exit(1);
  };
  let real;
  try {
    real = fs.realpathSync(runtime);
  } catch {
    refuse(`this is Node.js ${process.version} (${process.execPath}) with no Node.js ${REQUIRED_MAJOR} in ${path.join(root, '.runtime')}`);
  }
  // The runtime itself being old would start it again and again.
  if (real === fs.realpathSync(process.execPath)) refuse(`${runtime} is Node.js ${process.version}`);

  const child = spawn(runtime, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    // What the command starts by name (`node`, npm scripts) runs on the same runtime.
    env: { ...process.env, PATH: [runtimeBin, process.env.PATH].filter(Boolean).join(path.delimiter) },
  });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const forward = (signal) => child.kill(signal);
  for (const signal of signals) process.on(signal, forward);
  const [code, signal] = await new Promise((resolve) => {
    child.once('error', (err) => refuse(`${runtime} could not be started (${err.message})`));
    child.once('exit', (c, s) => resolve([c, s]));
  });
  // Ended by a signal: end the same way (a shell then reports 128 + its number).
  if (signal && signals.includes(signal)) {
    for (const s of signals) process.off(s, forward);
    process.kill(process.pid, signal);
  }
  process.exit(signal ? 128 + (os.constants.signals[signal] ?? 0) : code);
}
