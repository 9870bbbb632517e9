/**
 * The compiled server's entry (`npm start`): turns on V8's on-disk compile cache (under the
 * system's temporary directory, or NODE_COMPILE_CACHE), so a restart reuses the bytecode of the
 * modules it loaded last time instead of compiling them again, then starts the server.
 * (Static imports would be compiled before any code here ran: hence the dynamic import.)
 *
 * On Linux, the process first replaces itself (same pid, same command line) with one whose C
 * allocator keeps less: glibc gives each thread that allocates its own arena (up to eight per
 * core), and the OCR and time-parse workers, sharp and the password hashes leave each arena
 * holding what they freed long after the workers are gone. Two arenas, and blocks of 128 KiB or
 * more mapped on their own (returned when freed, never parked in an arena), keep a burst's
 * memory from staying behind. An operator who sets MALLOC_ARENA_MAX chooses for themselves.
 */
import module from 'node:module';

if (process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined && typeof process.execve === 'function') {
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
    ...process.env,
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
  });
}

module.enableCompileCache?.();
await import('./server.js');
